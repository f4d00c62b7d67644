"""axe-core (tests/browser/vendor, MPL 2.0) run on a page: its violations, as "rule: target" lines.

Put in through the DevTools protocol (page.evaluate), which the page's Content-Security-Policy does not
govern: the page itself runs no script it did not serve."""

from pathlib import Path

AXE = Path(__file__).with_name("vendor") / "axe.min.js"


def violations(page) -> list[str]:
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text() + "\n;true")
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [f"{v['id']}: {', '.join(str(n['target']) for n in v['nodes'])}" for v in found]
