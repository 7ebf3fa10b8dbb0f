import { json } from "~/server/api.server";

export async function loader() {
  return json({ message: "Rota não encontrada" }, 404);
}

export async function action() {
  return json({ message: "Rota não encontrada" }, 404);
}
