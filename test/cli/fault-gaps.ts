// The clauses a check verifies that no planted fault declares yet (test/cli/fault-coverage.test.ts). Each was
// failed in the 2026-11-28 kill matrix only as collateral of the faults named: a fault declared for another clause
// failed a check the two clauses share. So the check can fail, but no bug of that clause alone is shown to fail
// it. Each wants a fault of its own; give it one and take its line out.
export const FAULT_GAPS: Record<string, string> = {
  "agents.wrong-type-422": "collateral of 422-body-prefix, 422-generic-message",
  "auth.bearer-required": "collateral of missing-credential-invalid-token",
  "auth.role-too-low-403": "collateral of role-cached, role-from-first-token",
  "byok.secret-list-masked": "collateral of secret-list-masks-first-char, secret-list-whole-empty",
  "byok.secret-put-admin-only": "collateral of role-cached",
  "calls.outbound-carrier-502": "collateral of call-row-after-dial",
  "catalog.gallery-total-count": "collateral of voices-without-has-more",
  "errors.422-line-format": "collateral of 422-body-prefix, 422-generic-message",
  "errors.json-content-type": "collateral of 404-plain-text",
  "events.cost-snapshot-or-null": "collateral of completed-before-billing",
  "events.session-completed-text": "collateral of text-telephony-fields-null",
  "events.session-queued-not-text": "collateral of text-telephony-fields-null",
  "events.session-queued-outbound": "collateral of sessions-stay-queued",
  "events.session-started-phone": "collateral of sessions-stay-queued",
  "events.session-started-text": "collateral of text-telephony-fields-null",
  "knowledge.build-from-review": "collateral of kb-error-null",
  "knowledge.create-name-only": "collateral of kb-create-waits-for-crawl, kb-seeds-null-without-urls",
  "knowledge.discovering-to-review": "collateral of kb-create-waits-for-crawl",
  "knowledge.pages-paged": "collateral of kb-pages-ceiling-200",
  "knowledge.status-enum": "collateral of kb-error-null",
  "paging.limit-offset-echoed": "collateral of has-more-without-extra-row, offset-omitted",
  "paging.limit-range": "collateral of limit-clamped",
  "streams.kb-frame-names": "collateral of kb-build-progress-silent, kb-progress-counts-as-text",
  "versioning.validate-empty-means-publishable": "collateral of publish-succeeds-with-errors, validate-400-on-errors",
  "versioning.validate-keys-present": "collateral of publish-succeeds-with-errors, validate-400-on-errors",
  "versioning.warnings-do-not-block": "collateral of publish-succeeds-with-errors, validate-400-on-errors",
};
