/**
 * Types of the JSON API, generated from GET /api/openapi.json by
 * scripts/openapi-types.ts (openapi-typescript). Do not edit: regenerate with
 * `npx tsx scripts/openapi-types.ts`. The contract test fails when this file
 * no longer matches the document.
 */

export interface paths {
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usuário da sessão
         * @description 401 significa que não há usuário conectado.
         */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Entra no sistema
         * @description Abre a sessão e devolve o cookie `__session`. `remember: true` mantém a sessão por 30 dias (senão, 12 horas).
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cadastra um usuário e entra
         * @description Quem pode se cadastrar depende de `REGISTRATION`: `open` (qualquer tipo), `client` (só Cliente; `userType` pode ser omitido) ou `closed` (403). A primeira conta de um banco vazio sempre pode se cadastrar, como Administrador.
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sai do sistema
         * @description Encerra a sessão no servidor: o cookie antigo deixa de valer.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lista usuários
         * @description Todos os usuários; com `page`, uma página e o total em `X-Total-Count`.
         */
        get: operations["listUsers"];
        put?: never;
        /** Cria um usuário */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê um usuário */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /** Exclui um usuário */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Atualiza um usuário
         * @description Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/api/users/{id}/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Define (ou remove, com null) o avatar
         * @description Passo 3 do avatar. `avatarUrl` pode ser o `objectPath` devolvido pelo upload (`/uploads/{id}`) ou a própria `uploadURL` do passo 1, depois que o `PUT` do arquivo terminou (sem ler a resposta do `PUT`). Uma URL absoluta só vale na origem deste servidor. A resposta traz sempre o `objectPath`, que serve a imagem. Recusa (400) URLs de outra origem, caminhos inventados, uploads não concluídos ou recusados (não imagem, grande demais).
         */
        put: operations["setUserAvatar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/objects/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pede uma URL de upload
         * @description Passo 1 do avatar: devolve uma URL assinada, de uso único, para o `PUT` do arquivo.
         */
        post: operations["requestUploadUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/objects/upload/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Envia o arquivo para a URL assinada
         * @description Passo 2 do avatar: o arquivo como corpo cru (sem multipart), até 5242880 bytes. O tipo é decidido pelos bytes (PNG, JPEG, WebP ou GIF). Não precisa de cookie: a URL assinada é a permissão.
         */
        put: operations["uploadObject"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista unidades */
        get: operations["listBranches"];
        put?: never;
        /** Cria uma unidade */
        post: operations["createBranch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/branches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê uma unidade */
        get: operations["getBranch"];
        put?: never;
        post?: never;
        /** Exclui uma unidade */
        delete: operations["deleteBranch"];
        options?: never;
        head?: never;
        /**
         * Atualiza uma unidade
         * @description Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.
         */
        patch: operations["updateBranch"];
        trace?: never;
    };
    "/api/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista ofertas */
        get: operations["listOffers"];
        put?: never;
        /** Cria uma oferta */
        post: operations["createOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/offers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê uma oferta */
        get: operations["getOffer"];
        put?: never;
        post?: never;
        /** Exclui uma oferta */
        delete: operations["deleteOffer"];
        options?: never;
        head?: never;
        /**
         * Atualiza uma oferta
         * @description Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.
         */
        patch: operations["updateOffer"];
        trace?: never;
    };
    "/api/classrooms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista salas */
        get: operations["listClassrooms"];
        put?: never;
        /** Cria uma sala */
        post: operations["createClassroom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/classrooms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê uma sala */
        get: operations["getClassroom"];
        put?: never;
        post?: never;
        /** Exclui uma sala */
        delete: operations["deleteClassroom"];
        options?: never;
        head?: never;
        /**
         * Atualiza uma sala
         * @description Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.
         */
        patch: operations["updateClassroom"];
        trace?: never;
    };
    "/api/classrooms/branch/{branchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as salas de uma unidade */
        get: operations["listBranchClassrooms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/classroom-schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lista horários
         * @description De segunda a sábado, por horário de início.
         */
        get: operations["listClassroomSchedules"];
        put?: never;
        /** Cria um horário */
        post: operations["createClassroomSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/classroom-schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê um horário */
        get: operations["getClassroomSchedule"];
        put?: never;
        post?: never;
        /** Exclui um horário */
        delete: operations["deleteClassroomSchedule"];
        options?: never;
        head?: never;
        /**
         * Atualiza um horário
         * @description Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.
         */
        patch: operations["updateClassroomSchedule"];
        trace?: never;
    };
    "/api/classroom-schedules/classroom/{classroomId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os horários de uma sala */
        get: operations["listClassroomSchedulesOfClassroom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista cursos */
        get: operations["listCourses"];
        put?: never;
        /** Cria um curso */
        post: operations["createCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/courses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê um curso */
        get: operations["getCourse"];
        put?: never;
        post?: never;
        /** Exclui um curso */
        delete: operations["deleteCourse"];
        options?: never;
        head?: never;
        /**
         * Atualiza um curso
         * @description Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.
         */
        patch: operations["updateCourse"];
        trace?: never;
    };
    "/api/classes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lista turmas
         * @description Cada turma com seus ids, `scheduleIds` e os nomes a que apontam. O número da turma é do servidor.
         */
        get: operations["listClasses"];
        put?: never;
        /** Cria uma turma */
        post: operations["createClass"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/classes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê uma turma */
        get: operations["getClass"];
        put?: never;
        post?: never;
        /** Exclui uma turma */
        delete: operations["deleteClass"];
        options?: never;
        head?: never;
        /**
         * Atualiza uma turma
         * @description Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.
         */
        patch: operations["updateClass"];
        trace?: never;
    };
    "/api/classes/{id}/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Vínculos de horário de uma turma */
        get: operations["listClassScheduleLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/class-schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Todos os vínculos turma-horário */
        get: operations["listAllClassScheduleLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guardians": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lista responsáveis com suas pessoas
         * @description Todos; com `page`, uma página de 24 e o total em `X-Total-Count`.
         */
        get: operations["listGuardians"];
        put?: never;
        /**
         * Cadastra um responsável
         * @description Com suas pessoas e o usuário cliente criado a partir da pessoa principal, numa transação. Sem principal marcada, a primeira é a principal; mais de uma é 400.
         */
        post: operations["createGuardian"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guardians/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê um responsável com suas pessoas */
        get: operations["getGuardian"];
        put?: never;
        post?: never;
        /**
         * Remove um responsável
         * @description As pessoas vão junto; o usuário cliente fica.
         */
        delete: operations["deleteGuardian"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guardians/{id}/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as pessoas de um responsável */
        get: operations["listGuardianPersons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guardian-persons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê uma pessoa */
        get: operations["getGuardianPerson"];
        put?: never;
        post?: never;
        /** Remove uma pessoa */
        delete: operations["deleteGuardianPerson"];
        options?: never;
        head?: never;
        /**
         * Atualiza uma pessoa
         * @description Campos opcionais. `isPrimary: true` desmarca as outras pessoas do responsável.
         */
        patch: operations["updateGuardianPerson"];
        trace?: never;
    };
    "/api/trials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lista experimentais
         * @description Por data e horário.
         */
        get: operations["listTrials"];
        put?: never;
        /**
         * Agenda um experimental
         * @description Começa como 'Agendado', com a primeira entrada do histórico.
         */
        post: operations["createTrial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trials/all-histories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Históricos de todos os experimentais
         * @description Alimenta os indicadores: id do experimental → entradas, da mais antiga à mais recente.
         */
        get: operations["listAllTrialHistories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lê um experimental */
        get: operations["getTrial"];
        put?: never;
        post?: never;
        /**
         * Remove um experimental
         * @description O histórico vai junto.
         */
        delete: operations["deleteTrial"];
        options?: never;
        head?: never;
        /**
         * Atualiza um experimental (edição completa ou só o status)
         * @description Uma mudança de `status` acrescenta uma entrada ao histórico.
         */
        patch: operations["updateTrial"];
        trace?: never;
    };
    "/api/trials/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico de status de um experimental */
        get: operations["getTrialHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Este documento OpenAPI 3.1
         * @description Gerado dos mesmos schemas zod que os endpoints usam para validar. A versão legível está em /api-docs.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Resposta de erro */
        Error: {
            /** @description A mensagem principal, em português */
            message: string;
            /** @description Mensagens por campo (caminhos aninhados como `persons[0].email`); `form` para erros gerais */
            errors?: {
                [key: string]: string[];
            };
        };
        User: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            /** @enum {string} */
            userType: "Team" | "Client" | "Administrator";
            /** @description 11 dígitos, sem máscara */
            cpf: string | null;
            /** @description Caminho da imagem neste servidor (`/uploads/{id}`) */
            avatarUrl: string | null;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        Course: {
            /** Format: uuid */
            id: string;
            name: string;
            active: boolean;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        Branch: {
            /** Format: uuid */
            id: string;
            name: string;
            address: string;
            active: boolean;
            isDefault: boolean;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        Offer: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description DECIMAL(10,2) como texto com duas casas, por exemplo "189.90" */
            monthlyValue: string;
            checkoutLink: string;
            /** Format: uuid */
            branchId: string;
            branchName: string | null;
            active: boolean;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        Classroom: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            branchId: string;
            name: string;
            /** @description Vagas por hora */
            capacity: number;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        ClassroomSchedule: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            classroomId: string;
            /** @enum {string} */
            dayOfWeek: "Segunda" | "Terça" | "Quarta" | "Quinta" | "Sexta" | "Sábado";
            /** @description HH:MM (24 horas) */
            startTime: string;
            /** @description HH:MM (24 horas) */
            endTime: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        ClassSchedule: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            dayOfWeek: "Segunda" | "Terça" | "Quarta" | "Quinta" | "Sexta" | "Sábado";
            /** @description HH:MM (24 horas) */
            startTime: string;
            /** @description HH:MM (24 horas) */
            endTime: string;
            /** @description 'Segunda 08:00-09:00' */
            label: string;
        };
        Class: {
            /** Format: uuid */
            id: string;
            /** @description Atribuído pelo servidor */
            classNumber: number;
            /** Format: uuid */
            courseId: string;
            courseName: string;
            /** Format: uuid */
            responsibleId: string;
            responsibleName: string;
            /** Format: uuid */
            branchId: string;
            branchName: string;
            /** Format: uuid */
            classroomId: string;
            classroomName: string;
            scheduleIds: string[];
            /** @description Em ordem de dia da semana e horário */
            schedules: components["schemas"]["ClassSchedule"][];
            active: boolean;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        ClassScheduleLink: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            classId: string;
            /** Format: uuid */
            scheduleId: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
        };
        GuardianPerson: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            guardianId: string;
            fullName: string;
            cpf: string;
            email: string;
            birthDate: string | null;
            /** @description Somente dígitos */
            phone: string | null;
            isPrimary: boolean;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        Guardian: {
            /** Format: uuid */
            id: string;
            /** @description O usuário cliente criado a partir da pessoa principal */
            userId: string | null;
            address: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
            /** @description A principal primeiro, depois por nome */
            persons: components["schemas"]["GuardianPerson"][];
        };
        Trial: {
            /** Format: uuid */
            id: string;
            guardianName: string;
            studentName: string;
            /** Format: uuid */
            classId: string;
            /** @description Somente dígitos (DDD + número) */
            whatsappNumber: string;
            /**
             * Format: date
             * @description AAAA-MM-DD
             */
            scheduledDate: string;
            /** @description HH:MM (24 horas) */
            scheduledTime: string;
            /** @enum {string} */
            status: "Agendado" | "Reagendado" | "Não Compareceu" | "Compareceu" | "Quer Matricular";
            /** @enum {string} */
            origin: "Google Ads" | "Facebook Ads" | "Indicação" | "Outros";
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            updatedAt: string;
        };
        TrialHistoryEntry: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "Agendado" | "Reagendado" | "Não Compareceu" | "Compareceu" | "Quer Matricular";
            /**
             * Format: date-time
             * @description Data e hora ISO 8601 em UTC
             */
            changedAt: string;
        };
        /** @description Id do experimental → seu histórico, do mais antigo ao mais recente */
        TrialHistories: {
            [key: string]: components["schemas"]["TrialHistoryEntry"][];
        };
        UploadUrl: {
            /** @description Caminho assinado, de uso único, válido por 15 minutos: `/api/objects/upload/{token}` */
            uploadURL: string;
        };
        UploadedObject: {
            /** @description Caminho do arquivo guardado (`/uploads/{id}`), para `PUT /api/users/{id}/avatar` */
            objectPath: string;
        };
        LogoutResult: {
            /** @constant */
            ok: true;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O usuário conectado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Guardado em minúsculas */
                    email: string;
                    password: string;
                    remember?: boolean;
                };
            };
        };
        responses: {
            /** @description O usuário, com o cookie de sessão */
            200: {
                headers: {
                    /** @description O cookie de sessão `__session` (HttpOnly, SameSite=Lax) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description E-mail ou senha inválidos */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Muitas tentativas de login: aguarde (veja `Retry-After`) */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Guardado em minúsculas */
                    email: string;
                    password: string;
                    /** @enum {string} */
                    userType: "Team" | "Client" | "Administrator";
                };
            };
        };
        responses: {
            /** @description O usuário criado, já conectado */
            201: {
                headers: {
                    /** @description O cookie de sessão `__session` (HttpOnly, SameSite=Lax) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cadastro fechado ou tipo que o cadastro não permite (`REGISTRATION`), ou requisição de outra origem */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description E-mail já cadastrado */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sessão encerrada */
            200: {
                headers: {
                    /** @description O cookie de sessão `__session` (HttpOnly, SameSite=Lax) */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogoutResult"];
                };
            };
            /** @description JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Busca em nome e e-mail */
                q?: string;
                /** @description Página (a partir de 1) */
                page?: number;
                /** @description Tamanho da página (até 200; padrão 50) */
                pageSize?: number;
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lista de usuários */
            200: {
                headers: {
                    /** @description Total de registros da busca (só com `page`) */
                    "X-Total-Count"?: string;
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Guardado em minúsculas */
                    email: string;
                    password: string;
                    /** @enum {string} */
                    userType: "Team" | "Client" | "Administrator";
                    /** @description 11 dígitos, com ou sem máscara (000.000.000-00) */
                    cpf?: string | null;
                };
            };
        };
        responses: {
            /** @description Criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description E-mail já cadastrado */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Excluído */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O próprio usuário, o último administrador, ou um responsável por turmas */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Guardado em minúsculas */
                    email?: string;
                    password?: string;
                    /** @enum {string} */
                    userType?: "Team" | "Client" | "Administrator";
                    /** @description 11 dígitos, com ou sem máscara (000.000.000-00) */
                    cpf?: string | null;
                    /** @description O `objectPath` devolvido pelo upload (`/uploads/{id}`) ou a própria `uploadURL` cujo upload terminou (relativa, ou absoluta na origem deste servidor); null para remover. Guarda-se sempre o `objectPath` */
                    avatarUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description O registro atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description E-mail já cadastrado, ou tirar o tipo Administrador do último administrador */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setUserAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description O `objectPath` devolvido pelo upload (`/uploads/{id}`) ou a própria `uploadURL` cujo upload terminou (relativa, ou absoluta na origem deste servidor); null para remover. Guarda-se sempre o `objectPath` */
                    avatarUrl: string | null;
                };
            };
        };
        responses: {
            /** @description O usuário com o novo avatarUrl */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestUploadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A URL de upload */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadUrl"];
                };
            };
            /** @description JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadObject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O token da URL assinada */
                token: string;
            };
            cookie?: never;
        };
        /** @description Os bytes da imagem */
        requestBody: {
            content: {
                "image/png": string;
                "image/jpeg": string;
                "image/webp": string;
                "image/gif": string;
            };
        };
        responses: {
            /** @description Arquivo guardado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedObject"];
                };
            };
            /** @description Arquivo vazio */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Link de upload inválido, ou requisição de outra origem */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Este link de upload já foi utilizado */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A solicitação de upload expirou */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Arquivo muito grande (limite 5242880 bytes) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O arquivo não é uma imagem PNG, JPEG, WebP ou GIF */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBranches: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lista de unidades */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Branch"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBranch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    address: string;
                    /** @default true */
                    active?: boolean;
                    /** @default false */
                    isDefault?: boolean;
                };
            };
        };
        responses: {
            /** @description Criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Branch"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBranch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Branch"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBranch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Excluído */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A unidade possui turmas, ofertas ou outros registros vinculados */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateBranch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    address?: string;
                    active?: boolean;
                    isDefault?: boolean;
                };
            };
        };
        responses: {
            /** @description O registro atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Branch"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOffers: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lista de ofertas */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOffer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Maior que zero, arredondado a duas casas: número (189.9) ou texto ("189,90") */
                    monthlyValue: string | number;
                    /** @description URL http(s) absoluta */
                    checkoutLink: string;
                    branchId: string;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Excluído */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Maior que zero, arredondado a duas casas: número (189.9) ou texto ("189,90") */
                    monthlyValue?: string | number;
                    /** @description URL http(s) absoluta */
                    checkoutLink?: string;
                    branchId?: string;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description O registro atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClassrooms: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lista de salas */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Classroom"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClassroom: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    branchId: string;
                    name: string;
                    /** @description Número inteiro maior que zero (número ou texto) */
                    capacity: string | number;
                };
            };
        };
        responses: {
            /** @description Criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Classroom"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClassroom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Classroom"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClassroom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Excluído */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A sala possui turmas vinculadas */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateClassroom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Número inteiro maior que zero (número ou texto) */
                    capacity?: string | number;
                };
            };
        };
        responses: {
            /** @description O registro atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Classroom"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBranchClassrooms: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Id (uuid) */
                branchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description As salas da unidade */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Classroom"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClassroomSchedules: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lista de horários */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassroomSchedule"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClassroomSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    classroomId: string;
                    /**
                     * @default Segunda
                     * @enum {string}
                     */
                    dayOfWeek?: "Segunda" | "Terça" | "Quarta" | "Quinta" | "Sexta" | "Sábado";
                    startTime: string;
                    endTime: string;
                };
            };
        };
        responses: {
            /** @description Criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassroomSchedule"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O horário se sobrepõe a outro da mesma sala */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClassroomSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassroomSchedule"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClassroomSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Excluído */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateClassroomSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    dayOfWeek?: "Segunda" | "Terça" | "Quarta" | "Quinta" | "Sexta" | "Sábado";
                    startTime?: string;
                    endTime?: string;
                };
            };
        };
        responses: {
            /** @description O registro atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassroomSchedule"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O horário se sobrepõe a outro da mesma sala */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClassroomSchedulesOfClassroom: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Id (uuid) */
                classroomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Os horários da sala */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassroomSchedule"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCourses: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lista de cursos */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Course"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCourse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Course"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Course"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Excluído */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O curso possui turmas vinculadas */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCourse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description O registro atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Course"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClasses: {
        parameters: {
            query?: {
                /** @description Só as turmas desta unidade */
                branchId?: string;
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lista de turmas */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Class"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClass: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    courseId: string;
                    responsibleId: string;
                    branchId: string;
                    classroomId: string;
                    /** @description Horários da sala escolhida (ids repetidos contam uma vez) */
                    scheduleIds: string[];
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Class"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não foi possível numerar a turma (tente novamente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClass: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Class"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClass: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Excluído */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A turma possui experimentais vinculados */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateClass: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    courseId?: string;
                    responsibleId?: string;
                    branchId?: string;
                    classroomId?: string;
                    /** @description Horários da sala escolhida (ids repetidos contam uma vez) */
                    scheduleIds?: string[];
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description O registro atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Class"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClassScheduleLinks: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Os vínculos, com `scheduleId` */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassScheduleLink"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAllClassScheduleLinks: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Todos os vínculos */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassScheduleLink"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGuardians: {
        parameters: {
            query?: {
                /** @description Busca no nome, e-mail ou CPF de uma pessoa */
                q?: string;
                /** @description Página (a partir de 1) */
                page?: number;
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Responsáveis, mais recentes primeiro */
            200: {
                headers: {
                    /** @description Total de registros da busca (só com `page`) */
                    "X-Total-Count"?: string;
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guardian"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createGuardian: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: string;
                    persons: {
                        fullName: string;
                        /** @description 11 dígitos, com ou sem máscara (000.000.000-00) */
                        cpf: string;
                        /** @description Guardado em minúsculas */
                        email: string;
                        /** @description AAAA-MM-DD, uma data que existe */
                        birthDate: string;
                        /** @description Pelo menos 10 dígitos, com ou sem máscara */
                        phone: string;
                        /** @default false */
                        isPrimary?: boolean;
                    }[];
                };
            };
        };
        responses: {
            /** @description O responsável criado, com as pessoas */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guardian"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Já existe um usuário com o e-mail da pessoa principal */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGuardian: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O responsável */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guardian"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteGuardian: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removido */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGuardianPersons: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A principal primeiro */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GuardianPerson"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGuardianPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A pessoa */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GuardianPerson"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteGuardianPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removida */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A pessoa principal, ou a última pessoa do responsável */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateGuardianPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fullName?: string;
                    /** @description 11 dígitos, com ou sem máscara (000.000.000-00) */
                    cpf?: string;
                    /** @description Guardado em minúsculas */
                    email?: string;
                    /** @description AAAA-MM-DD, uma data que existe */
                    birthDate?: string;
                    /** @description Pelo menos 10 dígitos, com ou sem máscara */
                    phone?: string;
                    isPrimary?: boolean;
                };
            };
        };
        responses: {
            /** @description A pessoa atualizada */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GuardianPerson"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só administradores; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Desmarcar a principal sem marcar outra */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTrials: {
        parameters: {
            query?: {
                /** @description Só este mês (AAAA-MM) */
                month?: string;
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Os experimentais */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Trial"][];
                };
            };
            /** @description Mês inválido; `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTrial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    guardianName: string;
                    studentName: string;
                    classId: string;
                    /** @description 10 ou 11 dígitos (DDD + número), com ou sem máscara */
                    whatsappNumber: string;
                    scheduledDate: string;
                    scheduledTime: string;
                    /**
                     * @default Outros
                     * @enum {string}
                     */
                    origin?: "Google Ads" | "Facebook Ads" | "Indicação" | "Outros";
                };
            };
        };
        responses: {
            /** @description O experimental criado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Trial"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só Equipe ou Administrador; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAllTrialHistories: {
        parameters: {
            query?: {
                /** @description Só os experimentais deste mês (AAAA-MM) */
                month?: string;
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Os históricos */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrialHistories"];
                };
            };
            /** @description Mês inválido; `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTrial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O experimental */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Trial"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTrial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removido */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só Equipe ou Administrador; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTrial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    guardianName?: string;
                    studentName?: string;
                    classId?: string;
                    /** @description 10 ou 11 dígitos (DDD + número), com ou sem máscara */
                    whatsappNumber?: string;
                    scheduledDate?: string;
                    scheduledTime?: string;
                    /** @enum {string} */
                    origin?: "Google Ads" | "Facebook Ads" | "Indicação" | "Outros";
                    /** @enum {string} */
                    status?: "Agendado" | "Reagendado" | "Não Compareceu" | "Compareceu" | "Quer Matricular";
                };
            };
        };
        responses: {
            /** @description O experimental atualizado */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Trial"];
                };
            };
            /** @description Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Só Equipe ou Administrador; ou requisição de outra origem recusada */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Corpo da requisição muito grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description O corpo não é JSON (`Content-Type: application/json`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTrialHistory: {
        parameters: {
            query?: {
                /** @description Responde só uma página com até `limit` itens (1 a 500; 100 quando só `cursor` é enviado). Sem `limit` nem `cursor`: a lista inteira. */
                limit?: number;
                /** @description Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas, da mais antiga à mais recente */
            200: {
                headers: {
                    /** @description Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrialHistoryEntry"][];
                };
            };
            /** @description `limit` fora de 1 a 500 (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Não autenticado (sem sessão válida) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Registro não encontrado (ids desconhecidos ou malformados) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O documento OpenAPI */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
}
