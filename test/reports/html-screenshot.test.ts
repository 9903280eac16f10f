// Renders report.html in headless Chromium (Debian package `chromium`) and checks what a person would see.
// Skips, saying why, when /usr/bin/chromium is not installed; fails instead when CI is set.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleReport } from "../../fixtures/sample-report.ts";
import { renderHtml } from "../../reports/html.ts";
import { hasChromium, needChromium, runChromium, SKIP_NOTE } from "./chromium.ts";
import { hostileReport } from "./hostile.ts";
import { decodePng } from "./png.ts";

// Also said once on the console: the default reporter does not print skip notes.
if (!hasChromium) console.warn(`html-screenshot.test.ts: ${SKIP_NOTE}`);
const RUN_MS = 45_000;
const TEST_MS = 60_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cap-html-shot-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function page(name: string, html: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, html);
  return pathToFileURL(path).href;
}

describe("report.html in headless Chromium", () => {
  it("renders the verdict banner with its text at the top of a 1280x2000 screenshot", {
    timeout: TEST_MS,
  }, async (ctx) => {
    needChromium(ctx);
    const url = await page("report.html", renderHtml(sampleReport()));
    const shot = join(dir, "shot.png");
    await runChromium([`--screenshot=${shot}`, "--window-size=1280,2000", url], RUN_MS);
    const png = decodePng(await readFile(shot));
    expect([png.width, png.height]).toEqual([1280, 2000]);
    // The FAIL banner colour (#a63d00) spans the top; the page background (#f7f7f5) is below it.
    expect(png.pixel(4, 4)).toEqual([0xa6, 0x3d, 0x00]);
    expect(png.pixel(4, 600)).toEqual([0xf7, 0xf7, 0xf5]);
    // The white verdict text is drawn on the banner.
    let white = 0;
    for (let y = 0; y < 140; y++) {
      for (let x = 0; x < 400; x++) {
        const [r, g, b] = png.pixel(x, y);
        if (r > 240 && g > 240 && b > 240) white++;
      }
    }
    expect(white).toBeGreaterThan(2000);
  });

  it("shows the verdict, the failing clause and its reproduce command, and requests nothing", {
    timeout: TEST_MS,
  }, async (ctx) => {
    needChromium(ctx);
    const url = await page("report.html", renderHtml(sampleReport()));
    const { stdout: dom, pageRequests } = await runChromium(["--dump-dom", url], RUN_MS);
    expect(dom).toMatch(
      /<h1 id="verdict"><span class="vsym" aria-hidden="true">✗<\/span> FAIL, and 1 clause errored \(not judged\)<\/h1>/,
    );
    expect(dom).toContain('<code class="cid">paging.has-more-extra-row</code>');
    expect(dom).toContain("npx cap-conformance run --target target.json --clause paging.has-more-extra-row --seed 42");
    // The Copy buttons exist only if the page's script ran, i.e. its CSP hash is right: one per reproduce line (4)
    // and per curl line of a recorded exchange (5).
    expect(dom.match(/<button type="button" class="copy">Copy<\/button>/g)?.length).toBe(9);
    expect(pageRequests).toEqual([]);
  });

  it("runs nothing and loads nothing from a hostile report", { timeout: TEST_MS }, async (ctx) => {
    needChromium(ctx);
    const url = await page("hostile.html", renderHtml(hostileReport()));
    const { stdout: dom, pageRequests } = await runChromium(["--dump-dom", url], RUN_MS);
    expect(dom).toContain("<title>FAIL, and 1 clause errored (not judged) · cap-conformance report</title>");
    expect(dom).not.toMatch(/<img/i);
    expect(dom.match(/<script/g)?.length).toBe(1);
    expect(dom).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(pageRequests).toEqual([]);
  });

  it("would notice a page that loads something (the request check can fail)", { timeout: TEST_MS }, async (ctx) => {
    needChromium(ctx);
    const url = await page("control.html", '<!doctype html><img src="http://cap-conformance.invalid/x.png">');
    const { pageRequests } = await runChromium(["--dump-dom", url], RUN_MS);
    expect(pageRequests).toEqual(["http://cap-conformance.invalid/x.png"]);
  });
});
