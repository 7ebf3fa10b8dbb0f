import http from "node:http";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Body bytes written before the answer arrived. */
  sent: number;
}

/**
 * Sends a big body in chunks, as a client that streams a file would: with
 * `Content-Length` when `declare` is set, otherwise chunked. It stops writing as
 * soon as the server answers (as browsers and curl do), so a server that refuses
 * early is seen to refuse early.
 */
export function streamBody(
  baseUrl: string,
  path: string,
  options: { total: number; method?: string; headers?: Record<string, string>; declare?: boolean; first?: Buffer },
): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { ...options.headers };
    if (options.declare) headers["Content-Length"] = String(options.total);
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? "POST", headers },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sent });
          req.destroy();
        });
        res.on("error", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sent }));
      },
    );
    // Once the answer is in, a reset of the rest of the upload is expected.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < options.total) {
        let piece = sent === 0 && options.first ? Buffer.concat([options.first, chunk]).subarray(0, chunk.length) : chunk;
        if (sent + piece.length > options.total) piece = piece.subarray(0, options.total - sent);
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/**
 * A minimal reverse proxy on loopback, like nginx with `proxy_set_header
 * X-Forwarded-For/-Proto/-Host`: the browser "talks HTTPS" to it and it forwards
 * to the app over plain HTTP. The client address it reports is taken from the
 * test header `X-Test-Client` (so one test can play several clients), else the
 * socket's. A client-sent X-Forwarded-For is kept in front, as proxies append.
 */
export async function startForwardingProxy(target: string): Promise<{ url: string; host: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    const client = (req.headers["x-test-client"] as string | undefined) ?? req.socket.remoteAddress ?? "";
    delete headers["x-test-client"];
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${client}` : client;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-host"] = req.headers.host ?? "";
    const out = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for a child process to exit; resolves with its exit code. */
export function exitOf(
  child: { exitCode: number | null; once: (e: "exit", cb: (code: number | null) => void) => unknown },
  timeoutMs = 30_000,
): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the process did not exit")), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/**
 * One request exactly as given: any request target (`*`, `http://host/path`,
 * `/a/..`, `#`) and any Host header, which `fetch` would normalise or refuse.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; target: string; host?: string | null; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Connection: "close", ...options.headers };
    if (options.host !== null) headers.Host = options.host ?? url.host;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: options.target,
        method: options.method ?? "GET",
        headers,
        setHost: false,
        insecureHTTPParser: true,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sent: 0 }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * Declares a body of `declared` bytes, sends only `send` of them and waits
 * (without sending more) for the answer, at most `waitMs`: a server that reads
 * the whole body before answering gives no answer (`status` 0). The connection
 * is then closed.
 */
export function halfSend(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; declared: number; send: number; waitMs?: number },
): Promise<RawResponse & { ms: number }> {
  const url = new URL(path, baseUrl);
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...answer, ms: Date.now() - started });
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? "PUT",
        headers: { ...options.headers, "Content-Length": String(options.declared) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => finish({ status: res.statusCode ?? 0, headers: res.headers, text, sent: options.send }));
        res.on("error", () => finish({ status: res.statusCode ?? 0, headers: res.headers, text, sent: options.send }));
      },
    );
    req.on("error", () => finish({ status: 0, headers: {}, text: "", sent: options.send }));
    const timer = setTimeout(() => finish({ status: 0, headers: {}, text: "", sent: options.send }), options.waitMs ?? 3000);
    req.write(Buffer.alloc(options.send, "a"));
  });
}

/** Reads a whole answer: its status, its headers by lower-case name (repeated ones joined by a line break) and its body as text. */
export function collectAnswer(
  res: http.IncomingMessage,
  resolve: (answer: { status: number; headers: Record<string, string>; body: string }) => void,
  reject: (error: Error) => void,
): void {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      const name = res.rawHeaders[i].toLowerCase();
      headers[name] = headers[name] === undefined ? res.rawHeaders[i + 1] : `${headers[name]}\n${res.rawHeaders[i + 1]}`;
    }
    resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("utf8") });
  });
  res.on("error", reject);
}
