// A bare node:http server answering the same JSON as two list endpoints, straight
// from the database: the baseline that shows the framework's overhead as a ratio.
import http from "node:http";
import { openDatabase } from "../db/connection.ts";

const sequelize = openDatabase(process.env.DATABASE_URL!);
const queries: Record<string, string> = {
  "/api/courses": 'SELECT id, name, active, "createdAt", "updatedAt" FROM courses ORDER BY name',
  "/api/branches": 'SELECT id, name, address, active, "isDefault", "createdAt", "updatedAt" FROM branches ORDER BY name',
};

const server = http.createServer(async (req, res) => {
  const sql = queries[req.url ?? ""];
  if (!sql) {
    res.writeHead(404).end();
    return;
  }
  const [rows] = await sequelize.query(sql);
  const body = JSON.stringify(rows);
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => sequelize.close().then(() => process.exit(0))));
