import { createElement as h } from "react";
import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StreamedCount } from "@/components/shell/counts";

/** Reads a stream chunk by chunk, as a browser receives the page. */
async function chunks(stream: ReadableStream<Uint8Array>, until: () => void): Promise<string[]> {
  const reader = stream.getReader();
  const out: string[] = [];
  const decoder = new TextDecoder();
  const first = await reader.read();
  out.push(decoder.decode(first.value));
  until();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value));
  }
}

describe("a count the shell streams in", () => {
  it("lets the shell around it out first, then sends the count", async () => {
    let resolve!: (n: number) => void;
    const count = new Promise<number>((r) => (resolve = r));
    const stream = await renderToReadableStream(
      h(
        "header",
        null,
        "Hello, Asha",
        h(StreamedCount, { count, children: (n: number) => h("b", null, `${n} unread`) }),
      ),
    );
    const sent = await chunks(stream, () => resolve(3));
    // The first bytes hold the shell, not yet the count: nothing waited for it.
    expect(sent[0]).toContain("Hello, Asha");
    expect(sent[0]).not.toContain("unread");
    // Then the count arrives in the same response.
    expect(sent.slice(1).join("")).toContain("3 unread");
  });

  it("renders a count already known at once", async () => {
    const stream = await renderToReadableStream(
      h("header", null, h(StreamedCount, { count: 4, children: (n: number) => h("b", null, `${n} unread`) })),
    );
    const html = (await chunks(stream, () => {})).join("");
    expect(html).toContain("4 unread");
    expect(html).not.toContain("<template");
  });
});
