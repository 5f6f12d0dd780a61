/** The engine settings' URL rules and the `?` to `$n` rewrite: pure functions, no engine needed. */
import { describe, expect, test } from "bun:test";
import { BadEngineUrl, parseBlobsUrl, parseDatabaseUrl } from "../../src/store/engine-urls.ts";
import { toPgPlaceholders } from "../../src/store/placeholders.ts";

describe("--database", () => {
  test("postgres:// and postgresql:// URLs are accepted", () => {
    expect(parseDatabaseUrl("postgres://u:p@db.example:5433/packs?sslmode=require").pathname).toBe("/packs");
    expect(parseDatabaseUrl("postgresql://u@localhost/packs").hostname).toBe("localhost");
  });
  test("anything else is one clear refusal, never echoing a password", () => {
    const cases: [string, RegExp][] = [
      ["mysql://u:hunter2@h/db", /postgres:\/\/ or postgresql:\/\/ URL, got a mysql:/],
      ["not a url", /not a URL/],
      ["postgres://u@h", /names no database/],
      ["postgres:///db", /no host/],
    ];
    for (const [text, why] of cases) {
      const err = (() => {
        try {
          parseDatabaseUrl(text);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err).toBeInstanceOf(BadEngineUrl);
      expect(err?.message).toMatch(why);
      expect(err?.message).not.toContain("hunter2");
    }
  });
});

describe("--blobs", () => {
  test("s3://BUCKET[/prefix]", () => {
    expect(parseBlobsUrl("s3://packs")).toEqual({ bucket: "packs", prefix: "" });
    expect(parseBlobsUrl("s3://packs/prod/blobs/")).toEqual({ bucket: "packs", prefix: "prod/blobs/" });
  });
  test("other schemes, bad bucket names, credentials and dot segments are refused", () => {
    expect(() => parseBlobsUrl("https://key:hunter2@s3.example/packs")).toThrow(/s3:\/\/BUCKET/);
    expect(() => parseBlobsUrl("https://key:hunter2@s3.example/packs")).not.toThrow(/hunter2/);
    expect(() => parseBlobsUrl("s3://AB")).toThrow(/not a valid S3 bucket name/);
    expect(() => parseBlobsUrl("s3://key:hunter2@packs")).toThrow(/must not carry credentials/);
    expect(() => parseBlobsUrl("s3://key:hunter2@packs")).not.toThrow(/hunter2/);
    expect(() => parseBlobsUrl("s3://packs/a/../b")).toThrow(/\.\. segment/);
  });
});

describe("? placeholders to $n", () => {
  test("only placeholders outside literals, quoted names, comments and dollar quotes are numbered", () => {
    const sql = `SELECT ?, '?', 'it''s ?', "a?""?", E'\\' ?', $$?$$, $t$ ? $t$, -- ?\n /* ? /* ? */ ? */ ?, (?)`;
    expect(toPgPlaceholders(sql)).toEqual({
      text: `SELECT $1, '?', 'it''s ?', "a?""?", E'\\' ?', $$?$$, $t$ ? $t$, -- ?\n /* ? /* ? */ ? */ $2, ($3)`,
      count: 3,
    });
  });
  test("an unterminated literal swallows the rest, as the server would read it", () => {
    expect(toPgPlaceholders("SELECT ?, 'oops ?")).toEqual({ text: "SELECT $1, 'oops ?", count: 1 });
  });
});
