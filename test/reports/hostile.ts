// A report whose every free-text field carries strings a hostile or broken server could send back.
import { sampleReport } from "../../fixtures/sample-report.ts";
import type { Report } from "../../spec/report.ts";

export const HOSTILE =
  "</script><script>alert(1)</script> ]]> <![CDATA[x]]> <img src=x onerror=alert(1)> \"dq\" 'sq' & &amp; " +
  "\u0000\u0007\u001b[31m\u007f \uD800 \uFFFF | pipe `tick` ```fence``` *star* _u_ [l](javascript:alert(1)) " +
  "<!-- c --> \r\n# heading\n</details></pre></code></textarea>";

export function hostileReport(): Report {
  const r = sampleReport();
  r.tool.version = HOSTILE;
  r.spec.sha256 = HOSTILE;
  r.target.profile = HOSTILE;
  r.target.regions = [{ name: HOSTILE, base_url: HOSTILE }];
  r.harness_errors = [HOSTILE];
  for (const c of r.clauses) {
    c.id = `${c.id}${HOSTILE}`;
    c.section = `${c.section}${HOSTILE}`;
    c.statement = HOSTILE;
    c.reason = c.reason === null ? null : HOSTILE;
    if (c.assumption) c.assumption = HOSTILE;
    for (const k of c.checks) {
      k.name = `${k.name}${HOSTILE}`;
      k.suite = HOSTILE;
      if (k.reason) k.reason = HOSTILE;
      if (k.failure) {
        k.failure.message = HOSTILE;
        k.failure.path = HOSTILE;
        k.failure.reproduce = HOSTILE;
        for (const x of k.failure.exchanges) {
          x.method = HOSTILE;
          x.url = HOSTILE;
          x.request_headers = { [HOSTILE]: HOSTILE };
          x.response_headers = { "content-type": HOSTILE };
          x.request_body = HOSTILE;
          x.response_body = `{"html":${JSON.stringify(HOSTILE)}}`;
        }
      }
    }
  }
  return r;
}
