package vm

import (
	"math"
	"strconv"
	"strings"
)

// Printing arrays exactly as numpy does with its default options
// (numpy/core/arrayprint.py: precision 8, floatmode 'maxprec', no
// suppression, line width 75, threshold 1000, 3 edge items): str(x) is
// array2string with a space separator, repr(x) is
// "array(" + array2string with ", " + ")".

const (
	printWidth     = 75
	printThreshold = 1000
	printEdge      = 3
	printPrecision = 8
)

// arrayStr is numpy's str(x).
func arrayStr(a *arrayObj) string {
	if a.size() == 0 {
		return "[]"
	}
	return array2string(a, " ", "", printWidth)
}

// arrayRepr is numpy's repr(x).
func arrayRepr(a *arrayObj) string {
	if a.size() == 0 {
		s := "array([], "
		if len(a.shape) != 1 {
			s += "shape=" + shapeStr(a.shape) + ", "
		}
		return s + "dtype=" + a.dt.String() + ")"
	}
	return "array(" + array2string(a, ", ", "array(", printWidth-1) + ")"
}

// array2string is numpy's _array2string followed by _formatArray.
func array2string(a *arrayObj, sep, prefix string, width int) string {
	summarize := a.size() > printThreshold
	format := formatter(a, shownElems(a, summarize))
	hang := " " + strings.Repeat(" ", len(prefix))
	st := strides(a.shape)
	sepEnd := strings.TrimRight(sep, " ")
	var rec func(off, axis int, hang string, width int) string
	rec = func(off, axis int, hang string, width int) string {
		left := a.ndim() - axis
		if left == 0 {
			return format(off)
		}
		nextHang, nextWidth := hang+" ", width-1
		n := a.shape[axis]
		show := summarize && 2*printEdge < n
		lead, trail := 0, n
		if show {
			lead, trail = printEdge, printEdge
		}
		item := func(i int) string { return rec(off+i*st[axis], axis+1, nextHang, nextWidth) }
		var s string
		if left == 1 {
			elemWidth := width - max(len(sepEnd), 1)
			line := hang
			for i := 0; i < lead; i++ {
				s, line = extendLine(s, line, item(i), elemWidth, hang)
				line += sep
			}
			if show {
				s, line = extendLine(s, line, "...", elemWidth, hang)
				line += sep
			}
			for i := trail; i > 1; i-- {
				s, line = extendLine(s, line, item(n-i), elemWidth, hang)
				line += sep
			}
			s, line = extendLine(s, line, item(n-1), elemWidth, hang)
			s += line
		} else {
			lineSep := sepEnd + strings.Repeat("\n", left-1)
			for i := 0; i < lead; i++ {
				s += hang + item(i) + lineSep
			}
			if show {
				s += hang + "..." + lineSep
			}
			for i := trail; i > 1; i-- {
				s += hang + item(n-i) + lineSep
			}
			s += hang + item(n-1)
		}
		return "[" + s[len(hang):] + "]"
	}
	return rec(0, 0, hang, width)
}

func extendLine(s, line, word string, width int, prefix string) (string, string) {
	wrap := len(line)+len(word) > width && len(line) > len(prefix)
	if wrap {
		s += strings.TrimRight(line, " ") + "\n"
		line = prefix
	}
	return s, line + word
}

// shownElems are the flat indices of the elements printed: all, or the
// first and last printEdge along each long axis when summarizing.
func shownElems(a *arrayObj, summarize bool) []int {
	if !summarize {
		out := make([]int, a.size())
		for k := range out {
			out[k] = k
		}
		return out
	}
	st := strides(a.shape)
	offs := []int{0}
	for axis, n := range a.shape {
		var idx []int
		for i := 0; i < n; i++ {
			if n <= 2*printEdge || i < printEdge || i >= n-printEdge {
				idx = append(idx, i)
			}
		}
		next := make([]int, 0, len(offs)*len(idx))
		for _, o := range offs {
			for _, i := range idx {
				next = append(next, o+i*st[axis])
			}
		}
		offs = next
	}
	return offs
}

// formatter returns the function that prints element k of a, padded
// as numpy pads it, its widths computed from the elements shown.
func formatter(a *arrayObj, shown []int) func(k int) string {
	switch a.dt {
	case dBool:
		return func(k int) string {
			if a.i[k] != 0 {
				return " True"
			}
			return "False"
		}
	case dInt:
		w := 0
		for _, k := range shown {
			w = max(w, len(strconv.FormatInt(a.i[k], 10)))
		}
		return func(k int) string {
			s := strconv.FormatInt(a.i[k], 10)
			return strings.Repeat(" ", w-len(s)) + s
		}
	}
	vals := make([]float64, len(shown))
	for j, k := range shown {
		vals[j] = a.f[k]
	}
	ff := newFloatFormat(vals)
	return func(k int) string { return ff.format(a.f[k]) }
}

// floatFormat is numpy's FloatingFormat in mode 'maxprec'.
type floatFormat struct {
	exp                 bool
	padLeft, padRight   int
	precision, expSize  int
	hasNaN, hasInf, neg bool
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func newFloatFormat(vals []float64) *floatFormat {
	ff := &floatFormat{precision: printPrecision}
	var maxV, minV float64
	nonzero, nfinite := false, 0
	for _, x := range vals {
		if !finite(x) {
			continue
		}
		nfinite++
		if x == 0 {
			continue
		}
		ax := math.Abs(x)
		if !nonzero {
			maxV, minV, nonzero = ax, ax, true
		}
		maxV, minV = max(maxV, ax), min(minV, ax)
	}
	if nonzero && (maxV >= 1e8 || minV < 0.0001 || maxV/minV > 1000) {
		ff.exp = true
	}
	switch {
	case nfinite == 0:
		ff.padLeft, ff.padRight = 0, 0
	case ff.exp:
		prec, expSize, padLeft := 0, 0, 0
		for _, x := range vals {
			if !finite(x) {
				continue
			}
			m, e := sciParts(x, printPrecision)
			i, f, _ := strings.Cut(m, ".")
			prec = max(prec, len(f))
			padLeft = max(padLeft, len(i))
			expSize = max(expSize, len(e)-1)
		}
		ff.precision, ff.expSize, ff.padLeft = prec, expSize, padLeft
		ff.padRight = expSize + 2 + prec
	default:
		for _, x := range vals {
			if !finite(x) {
				continue
			}
			i, f := posParts(x, printPrecision)
			ff.padLeft = max(ff.padLeft, len(i))
			ff.padRight = max(ff.padRight, len(f))
		}
	}
	if nfinite < len(vals) {
		neginf := 0
		for _, x := range vals {
			if math.IsInf(x, -1) {
				neginf = 1
			}
		}
		offset := ff.padRight + 1
		ff.padLeft = max(ff.padLeft, 3-offset, 3+neginf-offset)
	}
	return ff
}

// posParts is Dragon4's positional output in unique mode with at most
// prec fractional digits, trailing zeros trimmed: the integer and
// fractional digits.
func posParts(x float64, prec int) (string, string) {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	i, f, _ := strings.Cut(s, ".")
	if len(f) > prec {
		s = strconv.FormatFloat(x, 'f', prec, 64)
		i, f, _ = strings.Cut(s, ".")
		f = strings.TrimRight(f, "0")
	}
	return i, f
}

// sciParts is Dragon4's scientific output in unique mode with at most
// prec fractional digits, trailing zeros trimmed: the mantissa and the
// exponent ("+05").
func sciParts(x float64, prec int) (string, string) {
	s := strconv.FormatFloat(x, 'e', -1, 64)
	m, e, _ := strings.Cut(s, "e")
	if _, f, _ := strings.Cut(m, "."); len(f) > prec {
		s = strconv.FormatFloat(x, 'e', prec, 64)
		m, e, _ = strings.Cut(s, "e")
		if strings.Contains(m, ".") {
			m = strings.TrimRight(m, "0")
		}
	}
	return m, e
}

func (ff *floatFormat) format(x float64) string {
	if !finite(x) {
		s := "nan"
		switch {
		case math.IsInf(x, 1):
			s = "inf"
		case math.IsInf(x, -1):
			s = "-inf"
		}
		return strings.Repeat(" ", max(0, ff.padLeft+ff.padRight+1-len(s))) + s
	}
	if ff.exp {
		s := strconv.FormatFloat(x, 'e', ff.precision, 64)
		m, e, _ := strings.Cut(s, "e")
		i, f, _ := strings.Cut(m, ".")
		sign, digits := e[:1], e[1:]
		if len(digits) < ff.expSize {
			digits = strings.Repeat("0", ff.expSize-len(digits)) + digits
		}
		return strings.Repeat(" ", max(0, ff.padLeft-len(i))) + i + "." + f + "e" + sign + digits
	}
	i, f := posParts(x, ff.precision)
	return strings.Repeat(" ", max(0, ff.padLeft-len(i))) + i + "." + f + strings.Repeat(" ", max(0, ff.padRight-len(f)))
}
