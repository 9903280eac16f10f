// The report page's CSS, inline so report.html opens from disk with no network. Status colours come from the
// Okabe-Ito palette (distinguishable with the common colour-vision deficiencies) and always sit next to a label.
export const HTML_STYLE = `
:root{
  --bg:#f7f7f5;--panel:#fff;--ink:#1d2126;--muted:#5b6470;--line:#dfe2e6;--code-bg:#f2f3f5;
  --pass:#00664a;--pass-bg:#e1f3ec;--fail:#a63d00;--fail-bg:#fde8dc;--err:#8a2f67;--err-bg:#f6e4ef;
  --skip:#4a5563;--skip-bg:#eceff3;--ns:#6b7280;--link:#0060a0;
  --mono:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono","DejaVu Sans Mono",monospace;
}
@media (prefers-color-scheme:dark){:root{
  --bg:#15181c;--panel:#1d2126;--ink:#e6e8eb;--muted:#a3abb5;--line:#343a42;--code-bg:#262b31;
  --pass:#5fd3ad;--pass-bg:#173a30;--fail:#ff9b66;--fail-bg:#46261a;--err:#eaa0cb;--err-bg:#3f2236;
  --skip:#c2c9d2;--skip-bg:#2c3139;--ns:#a3abb5;--link:#7cc4ff;
}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);
  font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif}
a{color:var(--link)}
code,pre,kbd{font-family:var(--mono);font-size:.88em}
pre code{font-size:inherit}
.wrap{max-width:72rem;margin:0 auto;padding:0 1.25rem}
.verdict{color:#fff;padding:1.6rem 0 1.4rem}
.verdict.v-pass{background:#00664a}.verdict.v-fail{background:#a63d00}.verdict.v-error{background:#7a2a5b}
.verdict .eyebrow{margin:0;font-size:.85rem;letter-spacing:.06em;text-transform:uppercase;opacity:.9}
.verdict h1{margin:.15rem 0 .2rem;font-size:clamp(2.4rem,7vw,3.6rem);line-height:1.1;letter-spacing:.02em}
.verdict .vsym{display:inline-block;min-width:1.1em}
.verdict .vline{margin:0;font-size:1.1rem}
main.wrap{padding-top:1.5rem;padding-bottom:3rem}
h2{font-size:1.15rem;margin:2rem 0 .6rem}
.counts{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.6rem;margin:0;padding:0;list-style:none}
.count{background:var(--panel);border:1px solid var(--line);border-left:6px solid var(--ns);border-radius:6px;padding:.55rem .8rem}
.count b{display:block;font-size:1.7rem;line-height:1.2;font-variant-numeric:tabular-nums}
.count span{color:var(--muted);font-size:.9rem}
.count.st-passed{border-left-color:var(--pass)}.count.st-failed{border-left-color:var(--fail)}
.count.st-errored{border-left-color:var(--err)}.count.st-skipped{border-left-color:var(--skip)}
.count.st-not-shown{border-left-style:dashed}.count.st-expected{border-left:6px dashed var(--fail)}
.count.zero b{color:var(--muted);font-weight:500}
.env{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:.1rem 1.5rem;margin:0;
  background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.8rem 1rem}
.env div{display:flex;gap:.6rem;padding:.2rem 0;border-bottom:1px solid var(--line);min-width:0}
.env dt{color:var(--muted);flex:0 0 9rem}
.env .wide{grid-column:1/-1}
.env dd{margin:0;min-width:0;overflow-wrap:anywhere}
.attention{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.6rem 1rem .6rem 2.2rem;margin:0}
.attention li{margin:.2rem 0}
.attention .msg1{color:var(--muted)}
h3{font-size:1rem;margin:1.2rem 0 .3rem}
.expectations{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.6rem 1rem .6rem 2.2rem;margin:0}
.expectations li{margin:.2rem 0}
.leftovers{background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--skip);border-radius:6px;
  padding:.6rem 1rem .6rem 2.2rem;margin:0;font-family:var(--mono);font-size:.85rem}
.filter{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:2rem 0 0}
.filter span{color:var(--muted);margin-right:.3rem}
.filter input{position:absolute;opacity:0;width:1px;height:1px}
.filter label{border:1px solid var(--line);background:var(--panel);border-radius:999px;padding:.2rem .8rem;cursor:pointer}
.filter input:checked+label{background:var(--ink);color:var(--panel);border-color:var(--ink)}
.filter input:focus-visible+label{outline:2px solid var(--link);outline-offset:2px}
body:has(#f-problems:checked) .clause:not([data-status=failed],[data-status=errored]),
body:has(#f-problems:checked) .sec:not(:has([data-status=failed],[data-status=errored])),
body:has(#f-expected:checked) .clause:not([data-status=expected]),
body:has(#f-expected:checked) .sec:not(:has([data-status=expected])),
body:has(#f-skipped:checked) .clause:not([data-status=skipped]),
body:has(#f-skipped:checked) .sec:not(:has([data-status=skipped])),
body:has(#f-problems:checked) .notshown,body:has(#f-skipped:checked) .notshown,
body:has(#f-expected:checked) .notshown{display:none}
.sec h2{display:flex;flex-wrap:wrap;align-items:baseline;gap:.3rem .6rem;border-bottom:2px solid var(--line);padding-bottom:.3rem}
.sec h2 .num{font-variant-numeric:tabular-nums;color:var(--muted)}
.sec h2 .tally{margin-left:auto;font-size:.8rem;font-weight:normal;color:var(--muted)}
.clauses{list-style:none;margin:0;padding:0}
.clause{background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--ns);border-radius:6px;margin:.45rem 0}
.clause[data-status=passed]{border-left-color:var(--pass)}.clause[data-status=failed]{border-left-color:var(--fail)}
.clause[data-status=errored]{border-left-color:var(--err)}.clause[data-status=skipped]{border-left-color:var(--skip)}
.clause[data-status=expected]{border-left:5px dashed var(--fail)}
.clause>details>summary{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem .6rem;padding:.5rem .8rem;cursor:pointer;list-style:none}
.clause>details>summary::-webkit-details-marker{display:none}
.clause>details>summary::before{content:"\\25B8";color:var(--muted);width:.8em}
.clause>details[open]>summary::before{content:"\\25BE"}
.clause .cid{font-weight:600;overflow-wrap:anywhere}
.clause .stmt{flex:1 1 20rem;color:var(--muted);min-width:0}
.clause .why{flex:1 0 100%;padding-left:1.4rem;color:var(--skip);font-size:.9rem}
.clause .why.stale{color:var(--ink);font-weight:600}
.cbody{padding:0 .9rem .8rem 2.2rem}
.badge{display:inline-block;font-size:.72rem;font-weight:700;letter-spacing:.05em;text-transform:uppercase;
  border-radius:4px;padding:.05rem .45rem;white-space:nowrap;border:1px solid transparent}
.b-passed{color:var(--pass);background:var(--pass-bg)}.b-failed{color:var(--fail);background:var(--fail-bg)}
.b-errored{color:var(--err);background:var(--err-bg)}.b-skipped{color:var(--skip);background:var(--skip-bg)}
.b-not-shown{color:var(--ns);border:1px dashed var(--ns)}
.b-expected{color:var(--fail);border:1px dashed var(--fail)}
.note{margin:.4rem 0;color:var(--muted)}
.note b{color:var(--ink);font-weight:600}
.check{border-top:1px solid var(--line);padding:.5rem 0}
.check:first-child{border-top:0}
.check-head{display:flex;flex-wrap:wrap;gap:.3rem .6rem;align-items:baseline}
.check-head .name{font-weight:600}
.dur{color:var(--muted);font-size:.85rem;font-variant-numeric:tabular-nums}
pre{background:var(--code-bg);border:1px solid var(--line);border-radius:5px;padding:.55rem .7rem;margin:.4rem 0;
  overflow:auto;max-height:28rem;white-space:pre-wrap;overflow-wrap:anywhere;tab-size:2}
pre.msg{border-left:4px solid var(--fail);background:var(--fail-bg);color:var(--ink)}
pre.herr,.check[data-status=errored] pre.msg{border-left-color:var(--err);background:var(--err-bg)}
.facts{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;margin:.3rem 0;font-size:.9rem}
.facts span{color:var(--muted)}
.cmd-box{margin:.6rem 0}
.lbl{display:flex;align-items:center;gap:.6rem;font-size:.8rem;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
pre.cmd{user-select:all;-webkit-user-select:all;background:#1d2126;color:#f1f3f5;border-color:#1d2126;font-size:.9rem;margin-top:.25rem}
button.copy{font:inherit;font-size:.75rem;letter-spacing:.03em;text-transform:none;border:1px solid var(--line);
  background:var(--panel);color:var(--ink);border-radius:4px;padding:0 .55rem;cursor:pointer}
button.copy:hover{border-color:var(--ink)}
.xchg{border:1px solid var(--line);border-radius:5px;margin:.4rem 0;background:var(--panel)}
.xchg>summary{padding:.35rem .6rem;cursor:pointer;font-family:var(--mono);font-size:.85rem;overflow-wrap:anywhere}
.xchg .m{font-weight:700}
.xchg.subject{border-color:var(--fail);border-width:2px}
.xchg .s{font-weight:700;padding:0 .3rem;border-radius:3px}
.s-ok{color:var(--pass);background:var(--pass-bg)}.s-bad{color:var(--fail);background:var(--fail-bg)}
.s-none{color:var(--err);background:var(--err-bg)}
.xgrid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,24rem),1fr));gap:.2rem 1rem;padding:0 .6rem .5rem}
.xgrid h4{margin:.4rem 0 .1rem;font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
table.hdrs{border-collapse:collapse;font-family:var(--mono);font-size:.8rem;width:100%}
table.hdrs th,table.hdrs td{text-align:left;vertical-align:top;padding:.1rem .4rem .1rem 0;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
table.hdrs th{font-weight:600;white-space:nowrap;width:1%}
.none{color:var(--muted);font-style:italic;font-size:.85rem}
.notshown>details>summary{cursor:pointer;font-weight:600;font-size:1.05rem}
.notshown ul{margin:.4rem 0;padding-left:1.2rem}
.notshown li{margin:.3rem 0}
footer{color:var(--muted);font-size:.85rem;border-top:1px solid var(--line);margin-top:2.5rem;padding-top:.8rem}
@media (max-width:40rem){
  body{font-size:14px}.wrap{padding:0 .75rem}.clause .why{flex:1 0 100%;padding-left:1.4rem;color:var(--skip);font-size:.9rem}
.cbody{padding-left:.9rem}
  .env dt{flex-basis:6rem}.sec h2 .tally{margin-left:0;width:100%}
}
@media print{.filter,button.copy{display:none}details>*{display:block}}
`;
