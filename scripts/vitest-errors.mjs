// A vitest reporter for CI's summary (scripts/test.mjs): the JSON report names a file whose
// describe-level hook (beforeAll, afterAll) failed, or that threw outside any test, but not the
// error, and CI keeps only the output's tail. Beside the JSON report (X.json) this writes
// X.errors.json: those errors and the run's unhandled ones, { files: { path: [message] },
// unhandled: [message] }.
import fs from 'node:fs';

/** Where the errors go, from the JSON report's path. */
export const errorsFileOf = (jsonReport) => jsonReport.replace(/(\.json)?$/, '.errors.json');

const text = (e) => [e?.name, e?.message].filter(Boolean).join(': ') || String(e);

export default class ErrorsReporter {
  onInit(vitest) {
    const json = vitest.config.outputFile?.json;
    this.out = json ? errorsFileOf(json) : null;
  }

  onTestRunEnd(modules, unhandledErrors) {
    if (!this.out) return;
    const files = {};
    for (const m of modules) {
      const errors = [...m.errors(), ...[...m.children.allSuites()].flatMap((s) => s.errors())];
      if (errors.length) files[m.moduleId] = errors.map(text);
    }
    fs.writeFileSync(this.out, JSON.stringify({ files, unhandled: unhandledErrors.map(text) }));
  }
}
