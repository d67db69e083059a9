import { describe, expect, it } from "vitest";
import { changesOf } from "./changes.server";

describe("changesOf", () => {
  it("names a changed field with its pointer and both values", () => {
    const before = { banners: [{ name: "a", alt: "Uno" }, { name: "b", alt: "Dos" }] };
    const after = { banners: [{ name: "a", alt: "Uno nuevo" }, { name: "b", alt: "Dos" }] };
    expect(changesOf(before, after)).toEqual([{ op: "replace", path: "/banners/0/alt", before: '"Uno"', after: '"Uno nuevo"' }]);
  });

  it("says an added and a removed entry, and a whole document added or removed", () => {
    expect(changesOf({ tags: ["x"] }, { tags: ["x", "y"] })).toEqual([{ op: "add", path: "/tags/1", after: '"y"' }]);
    expect(changesOf({ a: 1, b: 2 }, { a: 1 })).toEqual([{ op: "remove", path: "/b", before: "2" }]);
    expect(changesOf(undefined, { a: 1 })).toEqual([{ op: "add", path: "", after: '{"a":1}' }]);
    expect(changesOf({ a: 1 }, undefined)).toEqual([{ op: "remove", path: "", before: '{"a":1}' }]);
    expect(changesOf({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it("cuts a long value", () => {
    const [change] = changesOf({ text: "" }, { text: "x".repeat(500) });
    expect(change!.after!.length).toBe(160);
    expect(change!.after!.endsWith("…")).toBe(true);
  });
});
