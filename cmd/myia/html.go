package main

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"os"
	"strings"

	"github.com/myia/myia/ir"
)

// checkLevel validates an -O level.
func checkLevel(stderr io.Writer, level int) error {
	if level < 0 || level > 2 {
		fmt.Fprintf(stderr, "myia: -O must be 0, 1 or 2, got %d\n", level)
		return exitError(1)
	}
	return nil
}

// htmlPage collects the IR of one function after every optimization
// pass and writes it as one page of side-by-side columns, as the Go
// compiler's GOSSAFUNC page does for SSA: the first column is the IR the
// optimizer starts from, each next one the IR after a pass that changed
// something. Clicking a column's title folds it; clicking a name (%3,
// x, @g) highlights it in its column.
type htmlPage struct {
	file, fn string
	entry    string // the function inference starts from
	cols     []htmlColumn
}

type htmlColumn struct {
	title string
	text  string
	nodes int
}

func newHTMLPage(file, fn, entry string) *htmlPage {
	return &htmlPage{file: file, fn: fn, entry: entry}
}

// observe is the compiler's OptObserve hook. The typed optimizer's
// passes show the typed graphs when the function shown is the entry
// inference started from (typed), titled "typed: PASS".
func (p *htmlPage) observe(m *ir.Module, typed *ir.Graph, pass string, round int) {
	graphs := p.graphs(m)
	if typed != nil {
		if p.fn != "" && p.fn != p.entry {
			return
		}
		graphs = ir.Reach(typed, func(h *ir.Graph) bool { return h.Kind != ir.KindStdlib })
		pass = "typed: " + pass
	}
	var b bytes.Buffer
	nodes := 0
	nm := ir.NewNamer(m)
	for i, g := range graphs {
		if i > 0 {
			b.WriteByte('\n')
		}
		for _, h := range ir.Family(g) {
			nm.PrintGraph(&b, h)
			nodes += len(h.Nodes())
		}
	}
	title := pass
	if round > 0 {
		title = fmt.Sprintf("%s (round %d)", pass, round)
	}
	p.cols = append(p.cols, htmlColumn{title: title, text: b.String(), nodes: nodes})
}

// graphs are the function shown and the top-level graphs it reaches
// that are neither the user's other functions nor the stdlib's.
func (p *htmlPage) graphs(m *ir.Module) []*ir.Graph {
	user := map[*ir.Graph]bool{}
	for _, g := range m.Funcs {
		user[g] = true
	}
	var roots []*ir.Graph
	if p.fn == "" {
		roots = m.Funcs
	} else if g := m.Func(p.fn); g != nil {
		roots = []*ir.Graph{g}
	} else {
		for _, g := range m.Graphs() {
			if g.Name == p.fn && g.Parent == nil {
				roots = []*ir.Graph{g}
				break
			}
		}
	}
	var out []*ir.Graph
	seen := map[*ir.Graph]bool{}
	for _, r := range roots {
		for _, g := range ir.Reach(r, func(h *ir.Graph) bool { return h.Kind != ir.KindStdlib && !user[h] }) {
			if !seen[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	return out
}

func (p *htmlPage) write(path string) error {
	var b strings.Builder
	name := p.fn
	if name == "" {
		name = "every function"
	}
	title := html.EscapeString(fmt.Sprintf("%s: %s", p.file, name))
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>%s</title>
<style>
body { font-family: sans-serif; margin: 8px; }
table { border-collapse: collapse; }
td { vertical-align: top; border: 1px solid #ccc; padding: 4px; }
th { background: #eee; border: 1px solid #ccc; cursor: pointer; font-size: 13px; white-space: nowrap; padding: 4px; }
td.folded pre { display: none; }
th.folded { writing-mode: vertical-lr; }
pre { font-size: 12px; margin: 0; }
.hl { background: #ff0; }
.name { cursor: pointer; }
</style></head><body>
<h3>%s</h3>
<p>The IR after each optimization pass that changed it (myia ir --html). Click a column's title to fold it, a name to highlight it.</p>
<table><tr>
`, title, title)
	for i, c := range p.cols {
		fmt.Fprintf(&b, "<th onclick=\"fold(%d)\" id=\"h%d\">%s<br>%d nodes</th>\n", i, i, html.EscapeString(c.title), c.nodes)
	}
	b.WriteString("</tr><tr>\n")
	for i, c := range p.cols {
		fmt.Fprintf(&b, "<td id=\"c%d\"><pre>%s</pre></td>\n", i, markNames(c.text))
	}
	b.WriteString(`</tr></table>
<script>
function fold(i) {
  document.getElementById('h' + i).classList.toggle('folded');
  document.getElementById('c' + i).classList.toggle('folded');
}
document.addEventListener('click', function(e) {
  var t = e.target;
  if (!t.classList.contains('name')) return;
  var col = t.closest('td');
  var on = !t.classList.contains('hl');
  col.querySelectorAll('.name').forEach(function(n) {
    if (n.textContent === t.textContent) n.classList.toggle('hl', on);
  });
});
</script>
</body></html>
`)
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// markNames escapes IR text and wraps its names (%3, f.%3, @g, words)
// in spans that can be highlighted.
func markNames(text string) string {
	var b strings.Builder
	isName := func(c byte) bool {
		return c == '%' || c == '@' || c == '.' || c == '_' || c == '~' || c == '$' ||
			'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	for i := 0; i < len(text); {
		if !isName(text[i]) {
			b.WriteString(html.EscapeString(text[i : i+1]))
			i++
			continue
		}
		j := i
		for j < len(text) && isName(text[j]) {
			j++
		}
		fmt.Fprintf(&b, `<span class="name">%s</span>`, html.EscapeString(text[i:j]))
		i = j
	}
	return b.String()
}
