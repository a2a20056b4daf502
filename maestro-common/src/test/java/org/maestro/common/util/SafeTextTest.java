package org.maestro.common.util;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SafeTextTest {

    @Test
    void plainTextIsReturnedAsItIs() {
        String text = "worker-1@host.lab: sent 100 (ü, 日本, \\n stays two characters)";
        assertSame(text, SafeText.of(text));
        assertEquals("null", SafeText.of(null));
        assertEquals("", SafeText.of(""));
    }

    @Test
    void controlCharactersAreWrittenVisibly() {
        assertEquals("a\\nb\\rc\\td", SafeText.of("a\nb\rc\td"));
        assertEquals("x\\n\\u001b[31mFORGED", SafeText.of("x\n\u001b[31mFORGED"));
        assertEquals("\\u0000\\u0007\\u007f\\u0085\\u009b\\u2028", SafeText.of("\u0000\u0007\u007f\u0085\u009b\u2028"));
    }

    @Test
    void longTextIsCutWithAnEllipsis() {
        String cut = SafeText.of("x".repeat(10_000));
        assertEquals(SafeText.MAX_LENGTH + 1, cut.length());
        assertTrue(cut.endsWith("…"));
        assertEquals("abc…", SafeText.of("abcdef", 3));
        assertEquals("abc", SafeText.of("abc", 3));
        assertEquals("\\n\\n…", SafeText.of("\n\n\n", 2), "the bound counts input characters, not escapes");
    }
}
