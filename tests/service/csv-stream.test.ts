import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { db, dbDialect } from "~/platform/db.server";
import { trialList } from "~/domain/trials/queries.server";
import type { TrialDTO } from "~/domain/trials/schema";
import { listCsvAnswer } from "~/server/api.server";
import { csvDay } from "~/server/csv.server";
import { makeClass } from "../support/factories";
import { actorOfType } from "../support/service";

/**
 * 'Exportar CSV' of a long list: 100 000 trials (a million cells) written as
 * a script writes them, read back as the list's CSV file batch after batch.
 * The server's memory stays flat: while the file is taken, the heap never
 * grows by anything near the file's size (the rows are never all held).
 */
const ROWS = 100_000;
const MONTH = "2017-03";

describe("a list's CSV file", () => {
  let classId: string | null = null;
  // The 100 000 rows go once the file is read: the other files of this run share the
  // database, and the audit guard reads every audited table around each command.
  afterAll(async () => {
    if (classId) await (await db()).query(`DELETE FROM "trials" WHERE "classId" = :classId`, { replacements: { classId } });
  });

  it("streams 100 000 trials (a million cells) in bounded memory, every row once, in order", async () => {
    const { cls } = await makeClass();
    classId = cls.id;
    const sequelize = await db();
    const postgres = (await dbDialect()) === "postgres";
    const id = postgres
      ? "gen_random_uuid()"
      : `lower(printf('%s-%s-4%s-8%s-%s', hex(randomblob(4)), hex(randomblob(2)), substr(hex(randomblob(2)), 2), substr(hex(randomblob(2)), 2), hex(randomblob(6))))`;
    const day = postgres ? `CAST('${MONTH}-01' AS DATE) + (n.i % 28)` : `date('${MONTH}-01', '+' || (n.i % 28) || ' days')`;
    const pad = "x".repeat(60);
    await sequelize.query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
       INSERT INTO "trials" ("id", "guardianName", "studentName", "classId", "whatsappNumber", "scheduledDate", "scheduledTime", "status", "origin", "createdAt", "updatedAt")
       SELECT ${id}, 'Responsável ' || n.i || ' ${pad}', 'Aluna ' || n.i || ' ${pad}', :classId, '11987654321', ${day}, '08:00', 'Agendado', 'Indicação', :now, :now FROM n`,
      { replacements: { classId: cls.id, now: new Date().toISOString() } },
    );

    const actor = await actorOfType("Team");
    const answer = listCsvAnswer(trialList(actor, { month: MONTH }), {
      filename: "experimentais.csv",
      columns: [
        { header: "Data", value: (t: TrialDTO) => csvDay(t.scheduledDate) },
        { header: "Horário", value: (t) => t.scheduledTime },
        { header: "Aluno", value: (t) => t.studentName },
        { header: "Responsável", value: (t) => t.guardianName },
        { header: "WhatsApp", value: (t) => t.whatsappNumber },
        { header: "Turma", value: (t) => t.classId },
        { header: "Status", value: (t) => t.status },
        { header: "Origem", value: (t) => t.origin },
        { header: "Criado em", value: (t) => csvDay(t.createdAt) },
        { header: "Id", value: (t) => t.id },
      ],
    });
    expect(answer.body).toBeNull();

    let bytes = 0;
    let lines = 0;
    let first: Uint8Array | null = null;
    let lastDate = "";
    let ordered = true;
    let tail = "";
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    // What is still held, not garbage waiting for a collection.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const heap = () => (gc(), process.memoryUsage().heapUsed);
    let chunks = 0;
    let baseline = 0;
    let peak = 0;
    for (let chunk = await answer.pull!(); chunk; chunk = await answer.pull!()) {
      first ??= chunk;
      bytes += chunk.byteLength;
      const text = tail + decoder.decode(chunk, { stream: true });
      const parts = text.split("\r\n");
      tail = parts.pop()!;
      for (const line of parts) {
        lines++;
        if (lines === 1) continue;
        const [d, m, y] = line.slice(0, 10).split("/");
        const date = `${y}-${m}-${d}`;
        if (date < lastDate) ordered = false;
        lastDate = date;
      }
      // The first batches warm everything up; from then on, the heap must stay flat.
      chunks++;
      if (lines > 10_000 && baseline === 0) baseline = heap();
      else if (baseline && chunks % 20 === 0) peak = Math.max(peak, heap());
    }
    expect([...first!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toBe(ROWS + 1);
    expect(ordered).toBe(true);
    // About 20 MB of file: the heap grows by far less than that while it streams.
    expect(bytes).toBeGreaterThan(18 * 2 ** 20);
    expect(peak - baseline).toBeLessThan(8 * 2 ** 20);
  });
});
