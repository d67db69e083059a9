import { describe, expect, it } from "vitest";
import { burstStream } from "./burst-stream.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("burstStream", () => {
  it("hands on the pieces written in one turn of the event loop as one chunk", async () => {
    const stream = burstStream();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    for (let index = 0; index < 20; index += 1) stream.write(`<p>${index}</p>`);
    await nextTurn();
    expect(chunks).toEqual([Array.from({ length: 20 }, (_, index) => `<p>${index}</p>`).join("")]);
  });

  it("still streams: a piece written in a later turn is a chunk of its own, sent without waiting for the end", async () => {
    const stream = burstStream();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    stream.write("<html>");
    stream.write("<body>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<html><body>"]);
    stream.write("<template>later</template>");
    await nextTurn();
    expect(chunks).toEqual(["<html><body>", "<template>later</template>"]);
  });

  it("ends with what is left, in order, when the page ends before the next turn", async () => {
    const stream = burstStream();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write("a");
    stream.write("b");
    stream.end("c");
    await ended;
    await nextTurn();
    expect(chunks.join("")).toBe("abc");
  });

  it("pushes nothing after it was destroyed", async () => {
    const stream = burstStream();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    stream.on("error", () => {});
    stream.write("lost");
    stream.destroy();
    await nextTurn();
    expect(chunks).toEqual([]);
  });
});
