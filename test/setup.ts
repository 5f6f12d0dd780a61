import { setDefaultTimeout } from "bun:test";

// Tests start real servers, worker pools and subprocesses; on a loaded two-core machine 5 s is too tight.
setDefaultTimeout(60_000);
