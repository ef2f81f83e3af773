// The game page's keys: ← → step back and on, Home and End go to the start
// and the end, by following the step links (rel first, prev, next, last).
// Nothing else is done; without this script the links do the same.
document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  var t = e.target && e.target.tagName;
  if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA" || t === "BUTTON") return;
  var rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
  if (!rel) return;
  var a = document.querySelector("nav.steps a[rel~=" + rel + "]");
  if (a) { e.preventDefault(); window.location.href = a.href; }
});
