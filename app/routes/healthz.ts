import { db } from "~/db.server";

/** Liveness + database check for load balancers and the test harness. */
export async function loader() {
  const sequelize = await db();
  await sequelize.query("SELECT 1");
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
