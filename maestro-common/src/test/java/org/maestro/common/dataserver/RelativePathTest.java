package org.maestro.common.dataserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The path checks on their own, including what Jetty already refuses before the handler sees it (so the
 * handler stays safe whatever Jetty's URI compliance mode).
 */
class RelativePathTest {

    @Test
    void parsesDecodedPaths() {
        RelativePath path = RelativePath.parse("test-1/peer-a/with space ü €.csv");
        assertEquals(List.of("test-1", "peer-a", "with space ü €.csv"), path.segments());
        assertEquals("test-1/peer-a/with space ü €.csv", path.toString());
        assertEquals(RelativePath.parse("a/b"), RelativePath.parse("a/b/"));
        assertTrue(RelativePath.parse("").isRoot());
        assertTrue(RelativePath.parse(null).isRoot());
    }

    @Test
    void urlPathsRoundTripThroughEncoding() {
        RelativePath path = RelativePath.parse("a b/ü€/x+y%z?#&=.csv");
        String encoded = path.toUrlPath();
        assertEquals("a%20b/%C3%BC%E2%82%AC/x%2By%25z%3F%23%26%3D.csv", encoded);
        assertEquals(path, RelativePath.fromRawUrlPath(encoded));
    }

    @ParameterizedTest
    @ValueSource(strings = {"..", "../x", "a/../../x", "a/..", ".", "./a", "a//b", "/etc/passwd", "a\\..\\b", "a\0b"})
    void decodedPathsThatCouldEscapeAreRefused(String path) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RelativePath.parse(path));
        assertFalse(e.getMessage().isBlank());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../etc/passwd", "%2e%2e/x", "%2E%2E%2Fx", "/etc/passwd", "%2fetc%2fpasswd", "..%2fx", ".%2e/x",
        "%2e/x", "a/%2e%2e/%2e%2e/x", "%5c..%5cx", "a%00b", "%c0%ae%c0%ae/x", "%zz", "%2", "a%", "%e2%82"})
    void rawUrlPathsThatCouldEscapeOrAreMalformedAreRefused(String raw) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RelativePath.fromRawUrlPath(raw));
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void refusalsSayWhatIsWrong() {
        assertTrue(message("%2E%2E%2Fx").contains("%2F"));
        assertTrue(message("%2e%2e/x").contains(".."));
        assertTrue(message("/etc/passwd").contains("absolute"));
        assertTrue(message("%zz").contains("percent-escape"));
        assertTrue(message("%c0%ae").contains("UTF-8"));
    }

    private static String message(String raw) {
        return assertThrows(IllegalArgumentException.class, () -> RelativePath.fromRawUrlPath(raw)).getMessage();
    }

    @Test
    void prefixesAndResolution() {
        RelativePath dir = RelativePath.parse("test-1/peer-a");
        RelativePath file = RelativePath.parse("test-1/peer-a/inspector/jvm.csv");
        assertTrue(file.startsWith(dir));
        assertTrue(file.startsWith(RelativePath.ROOT));
        assertFalse(RelativePath.parse("test-1/peer-ab/x").startsWith(dir));
        assertEquals(RelativePath.parse("inspector/jvm.csv"), file.relativeTo(dir));
        assertEquals(file, dir.resolve(RelativePath.parse("inspector/jvm.csv")));
        Path base = Path.of("/tmp/target");
        assertEquals(Path.of("/tmp/target/inspector/jvm.csv"), file.relativeTo(dir).under(base));
        assertEquals(base, RelativePath.ROOT.under(base));
    }

    @Test
    void queriesAreDecodedStrictly() {
        assertEquals(Map.of("dir", "a b/c+d"), UrlCodec.parseQuery("dir=a+b%2Fc%2Bd"));
        assertEquals(Map.of("dir", ""), UrlCodec.parseQuery("dir"));
        assertTrue(UrlCodec.parseQuery(null).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> UrlCodec.parseQuery("dir=a&dir=b"));
        assertThrows(IllegalArgumentException.class, () -> UrlCodec.parseQuery("dir=%g0"));
    }
}
