/// <reference lib="dom" />
/** The studio's only way to the server: the REST API with the pasted key as the bearer header. */
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

async function send(
  method: string,
  path: string,
  body?: BodyInit,
  type?: string,
  key = session.key,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (type) headers["content-type"] = type;
  let res = await fetch("/v1" + path, { method, headers, body });
  // A grid of previews can outrun the per-key read budget; wait as told (with a countdown on screen) and try
  // again (bodies here are replayable).
  for (let tries = 0; res.status === 429 && tries < 3; tries++) {
    await waitOut(Math.min(60, Number(res.headers.get("retry-after")) || 2));
    res = await fetch("/v1" + path, { method, headers, body });
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

export async function apiBlob(path: string): Promise<Blob> {
  return (await send("GET", path)).blob();
}

/** Large files go the two-step way (POST /uploads, PUT the bytes) so no size ever passes through base64. */
export async function sendFile(file: File): Promise<string> {
  const { upload } = await api<{ upload: string }>("POST", "/uploads", { fileName: file.name.slice(0, 200) || "file" });
  await send("PUT", `/uploads/${upload}`, file, "application/octet-stream");
  return upload;
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
