package llvm

import (
	"slices"
	"strings"
	"testing"
)

// A function longer than bigFunction turns SLP vectorization off (its
// time grows faster than the function); shorter ones keep OptFlags.
func TestOptFlagsBigFunction(t *testing.T) {
	fn := func(lines int) string {
		return "define i64 @f() {\n" + strings.Repeat("  %x = add i64 1, 2\n", lines) + "  ret i64 0\n}\n"
	}
	small := fn(10) + fn(bigFunction-10)
	if got := optFlags(small); !slices.Equal(got, OptFlags) {
		t.Errorf("optFlags of small functions = %v, want %v", got, OptFlags)
	}
	big := fn(10) + fn(bigFunction+10)
	if got := optFlags(big); !slices.Contains(got, "-vectorize-slp=false") {
		t.Errorf("optFlags of a function of %d lines = %v, want SLP off", bigFunction+10, got)
	}
}
