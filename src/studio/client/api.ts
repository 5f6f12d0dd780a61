/// <reference lib="dom" />
/** The studio's only way to the server: the REST API with the pasted key as the bearer header. */
import { budget } from "./budget.ts";
const STORE = "packsmith.apiKey";

export const session = {
  get key(): string | null {
    return localStorage.getItem(STORE);
  },
  signIn(key: string) {
    localStorage.setItem(STORE, key);
  },
  signOut() {
    localStorage.removeItem(STORE);
  },
};

export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Called with the seconds left while a request waits out a spent budget (0 when the wait is over). */
export let onWaiting: (seconds: number) => void = () => {};
export const setWaitingHandler = (f: (seconds: number) => void) => (onWaiting = f);

/** Waits `seconds`, telling onWaiting each second so the page can show a countdown. */
async function waitOut(seconds: number): Promise<void> {
  for (let left = seconds; left > 0; left--) {
    onWaiting(left);
    await new Promise((ok) => setTimeout(ok, 1000));
  }
  onWaiting(0);
}

/** Called when the server says the key is unknown or revoked, so the app can send the user to sign in. */
export let onSignedOut: () => void = () => {};
export const setSignedOutHandler = (f: () => void) => (onSignedOut = f);

/**
 * Who asked: the person (navigation, a button) goes at once; previews wait for budget (budget.ts), and say
 * for how many cards.
 */
export type Priority = "person" | "preview" | { previewOf: number };

async function send(
  method: string,
  path: string,
  body?: BodyInit,
  type?: string,
  key = session.key,
  priority: Priority = "person",
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (type) headers["content-type"] = type;
  const go = async () => {
    const done = priority === "person" ? () => {} : await budget.slot(priority === "preview" ? 1 : priority.previewOf);
    try {
      const r = await fetch("/v1" + path, { method, headers, body });
      budget.heard(r.headers, method === "GET");
      return r;
    } finally {
      done();
    }
  };
  let res = await go();
  // Should the budget still run out (another tab, an agent on the same key), wait as told (with a countdown
  // on screen) and try again (bodies here are replayable).
  for (let tries = 0; res.status === 429 && tries < 3; tries++) {
    await waitOut(Math.min(60, Number(res.headers.get("retry-after")) || 2));
    res = await go();
  }
  if (res.ok) return res;
  let code = "request_failed";
  let message = `${method} ${path} answered ${res.status}`;
  try {
    const e = (await res.json()).error;
    if (e?.code) [code, message] = [e.code, e.message];
  } catch {}
  if ((code === "invalid_api_key" || code === "missing_api_key") && key === session.key) onSignedOut();
  throw new ApiFailure(code, message, res.status);
}

export async function api<T = any>(method: string, path: string, body?: unknown, key?: string): Promise<T> {
  const res = await send(
    method,
    path,
    body === undefined ? undefined : JSON.stringify(body),
    body === undefined ? undefined : "application/json",
    key ?? session.key,
  );
  return res.json() as Promise<T>;
}

export async function apiBlob(path: string, priority: Priority = "person"): Promise<Blob> {
  return (await send("GET", path, undefined, undefined, session.key, priority)).blob();
}

/** A GET for the previews of `cards` cards: it waits its turn within the request budget (budget.ts). */
export async function previewGet<T>(path: string, cards: number): Promise<T> {
  return (await send("GET", path, undefined, undefined, session.key, { previewOf: cards })).json() as Promise<T>;
}

/**
 * Large files go the two-step way (POST /uploads, PUT the bytes) so no size ever passes through base64.
 * `progress` hears the percent sent (0 to 100) while the bytes go up.
 */
export async function sendFile(file: File, progress?: (percent: number) => void): Promise<string> {
  const { upload } = await api<{ upload: string }>("POST", "/uploads", { fileName: file.name.slice(0, 200) || "file" });
  await putWithProgress(`/uploads/${upload}`, file, progress ?? (() => {}));
  return upload;
}

/**
 * PUT through XMLHttpRequest, the one browser API that reports upload progress (fetch does not); a spent
 * budget (429) is waited out and the PUT sent again, as `send` does.
 */
async function putWithProgress(path: string, file: File, progress: (percent: number) => void): Promise<void> {
  for (let tries = 0; ; tries++) {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", "/v1" + path);
    if (session.key) xhr.setRequestHeader("authorization", `Bearer ${session.key}`);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable && e.total > 0) progress(Math.floor((e.loaded / e.total) * 100));
    });
    progress(0);
    await new Promise<void>((done, fail) => {
      xhr.addEventListener("loadend", () => done());
      xhr.addEventListener("error", () =>
        fail(new ApiFailure("network_error", `PUT ${path} did not reach the server`, 0)),
      );
      xhr.send(file);
    });
    if (xhr.status === 429 && tries < 3) {
      await waitOut(Math.min(60, Number(xhr.getResponseHeader("retry-after")) || 2));
      continue;
    }
    if (xhr.status >= 200 && xhr.status < 300) {
      progress(100);
      return;
    }
    let code = "request_failed";
    let message = `PUT ${path} answered ${xhr.status}`;
    try {
      const e = JSON.parse(xhr.responseText).error;
      if (e?.code) [code, message] = [e.code, e.message];
    } catch {}
    if (code === "invalid_api_key" || code === "missing_api_key") onSignedOut();
    throw new ApiFailure(code, message, xhr.status);
  }
}

export const assetPath = (pack: string, kind: string, name: string) =>
  `/packs/${pack}/assets/${kind}/${encodeURIComponent(name)}`;

export interface Asset {
  id: string;
  kind: "texture" | "model" | "font" | "sound";
  name: string;
  status: "generating" | "ready" | "error";
  displayName?: string;
  prompt?: string;
  error: string | null;
  sizeBytes?: number;
  updatedAt: string;
  animation?: { effect: string; frames: number; frametime: number; interpolate: boolean; frameHeight: number };
}

export interface Pack {
  slug: string;
  name: string;
  minecraftVersion: string;
  minVersion?: string;
  role: string;
  assetCounts: { textures: number; models: number; icons: number; sounds: number };
  updatedAt: string;
}
