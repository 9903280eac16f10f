// The page's only script: a Copy button next to each reproduce command's label. The page works without it (a click on the
// command selects all of it). The Content-Security-Policy allows exactly this script, by hash.
import { createHash } from "node:crypto";

export const HTML_SCRIPT = `document.querySelectorAll("pre.cmd").forEach(function (pre) {
  var b = document.createElement("button");
  b.type = "button"; b.className = "copy"; b.textContent = "Copy";
  b.addEventListener("click", function () {
    var text = pre.textContent;
    var done = function (label) { b.textContent = label; setTimeout(function () { b.textContent = "Copy"; }, 2000); };
    var select = function () {
      var r = document.createRange(); r.selectNodeContents(pre);
      var s = getSelection(); s.removeAllRanges(); s.addRange(r); done("Selected");
    };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(function () { done("Copied"); }, select);
    else select();
  });
  var label = pre.previousElementSibling;
  if (label) label.appendChild(b);
});`;

export const HTML_SCRIPT_HASH = `sha256-${createHash("sha256").update(HTML_SCRIPT).digest("base64")}`;
