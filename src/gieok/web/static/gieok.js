// The inspector works without JavaScript; this only adds a "go back" for error pages.
document.addEventListener("click", function (event) {
  var link = event.target.closest("a[data-back]");
  if (link && window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
});
