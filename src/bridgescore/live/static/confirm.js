// The opponents' confirmation sent by the page itself (issue 22), so that a phone that lost the network keeps it
// and sends it again (every 3 seconds, and as soon as the network is back) until the server answers; the same key
// each time, so it is stored once however often it arrives. Without scripts the form is sent as a plain form.
(function () {
  var f = document.getElementById("confirm"); if (!f || !window.fetch || !window.FormData) return;
  var status = document.getElementById("sending"), button = f.querySelector("button"), busy = false;
  function send() {
    if (busy) return; busy = true; button.disabled = true;
    fetch(f.action, {method: "POST", body: new FormData(f), credentials: "same-origin"}).then(function (r) {
      return r.text().then(function (html) {
        if (r.ok && r.redirected) { location.replace(r.url); return; }
        document.open(); document.write(html); document.close();  // the server's own answer (a refusal in words)
      });
    }).catch(function () {
      busy = false; status.hidden = false; setTimeout(send, 3000);
    });
  }
  f.addEventListener("submit", function (e) { e.preventDefault(); send(); });
  window.addEventListener("online", function () { if (!status.hidden) send(); });
})();
