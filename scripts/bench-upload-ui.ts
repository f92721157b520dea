// npm run bench:upload-ui: does Add Accounts' Lines field keep up with typing once tens of
// thousands of lines are pasted into it? In Chromium against the real server: 50,000 lines are
// pasted, then keys are typed at the end, each timed from its keystroke to the first frame whose
// field holds it and whose line count says the new total.
import { startBenchBrowser } from './bench-browser.ts';

const LINES = 50_000;
const KEYS = 20;

const bench = await startBenchBrowser();
try {
  const page = await bench.signedInPage('rita@acme.test');
  await page.goto('/upload');
  const field = page.getByRole('textbox', { name: 'Lines' });
  await field.waitFor();
  const pasted = Array.from({ length: LINES }, (_, i) => `bench-paste-${i}.com`).join('\n');
  const pasteStarted = Date.now();
  // A paste is one input event carrying the whole text.
  await field.evaluate((element, text) => {
    const textarea = element as HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setValue?.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }, pasted);
  await page.getByText(`${LINES.toLocaleString('en-US')} / 100,000 lines`).waitFor();
  const pasteMs = Date.now() - pasteStarted;
  await field.press('End');
  await field.press('Enter');
  await page.getByText(`${LINES.toLocaleString('en-US')} / 100,000 lines`).waitFor();

  const samples: number[] = [];
  for (let k = 0; k < KEYS; k++) {
    const measured = page.evaluate(
      (expected) =>
        new Promise<number>((resolve, reject) => {
          const textarea = document.querySelector<HTMLTextAreaElement>('[data-testid="upload-input"]');
          const count = document.querySelector('[data-testid="upload-line-count"]');
          if (!textarea || !count) return reject(new Error('no Lines field or count'));
          let typedAt = 0;
          textarea.addEventListener('keydown', () => {
            typedAt = performance.now();
          });
          const check = () => {
            if (typedAt && textarea.value.endsWith('x'.repeat(expected)) && count.textContent?.includes('50,001'))
              return resolve(performance.now() - typedAt);
            requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
          setTimeout(() => reject(new Error('the keystroke never showed')), 30_000);
        }),
      k + 1,
    );
    await field.press('x');
    samples.push(await measured);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)] ?? 0;
  console.log(`bench:upload-ui in Chromium: ${LINES.toLocaleString('en-US')} lines pasted into Lines`);
  console.log(`  paste to the line count shown: ${pasteMs} ms`);
  console.log(
    `  ${KEYS} keystrokes after it, each to the first frame showing it and the new count: p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, max ${at(100).toFixed(0)} ms`,
  );
} finally {
  await bench.stop();
}
