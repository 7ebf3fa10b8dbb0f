import http from "node:http";
import type { Socket } from "node:net";
import type { Express } from "express";

/**
 * The classes Node's HTTP server builds each request and response with
 * (`http.createServer(requestClasses(app), app)`, server.mjs): their
 * prototypes are this app's `app.request` and `app.response`. Express gives
 * every request these prototypes with `Object.setPrototypeOf` on the objects
 * Node made, and changing the prototype of a live object costs V8 its inline
 * caches for everything that touches it: measured, about 0.05 ms of CPU per
 * request, more than Node's own HTTP work for a small JSON answer. Built with
 * these classes, the objects already have the prototypes Express sets, and its
 * `setPrototypeOf` changes nothing. Same objects, same behaviour. (Node's
 * `IncomingMessage` and `ServerResponse` are plain constructor functions, in
 * Node 20 to 24: each class here calls its own on the new object.)
 */
export function requestClasses(app: Express): Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse"> {
  function AppRequest(this: http.IncomingMessage, socket: Socket) {
    Reflect.apply(http.IncomingMessage, this, [socket]);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) {
    Reflect.apply(http.ServerResponse, this, [req, options]);
  }
  AppResponse.prototype = app.response;
  return {
    IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
  };
}
