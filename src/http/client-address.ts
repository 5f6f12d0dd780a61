import type { Server } from "bun";

/** The listener each request came through, filled in by the server's fetch wrapper (Elysia is not the listener). */
const listeners = new WeakMap<Request, Server<unknown>>();
export const rememberListener = (request: Request, server: Server<unknown>) => listeners.set(request, server);

/** The caller's address, looked up only when asked: most requests (keyed ones) never need it. */
export const clientAddress = (request: Request): string =>
  listeners.get(request)?.requestIP(request)?.address ?? "unknown";
