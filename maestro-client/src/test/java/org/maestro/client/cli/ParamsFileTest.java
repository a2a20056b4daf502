package org.maestro.client.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParamsFileTest {
    private static final String SUT = "amqp://admin:S3cr3t-Zebra-42@sut.lab:5672/q";

    @TempDir
    Path dir;

    private Path file(String content, String mode) throws Exception {
        Path f = dir.resolve("params");
        Files.writeString(f, content);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void nameValueLinesInOrderSkippingBlanksAndComments() throws Exception {
        Map<String, String> params = ParamsFile.read(file("# the SUT\nurl = " + SUT + "\n\np99=500 ms\r\nhandlers=https://u:t@git.lab/h.git\n",
                "rw-------"));
        assertEquals(Map.of("url", SUT, "p99", "500 ms", "handlers", "https://u:t@git.lab/h.git"), params);
        assertEquals("[url, p99, handlers]", params.keySet().toString());
    }

    @Test
    void aFileOthersMayReadOrABadLineIsRefusedWithoutItsValue() throws Exception {
        Path open = file("url=" + SUT + "\n", "rw-r--r--");
        String m = assertThrows(IllegalArgumentException.class, () -> ParamsFile.read(open)).getMessage();
        assertTrue(m.startsWith("--params-file " + open + " has mode 0644"), m);
        Files.delete(open);
        for (String content : new String[]{"url " + SUT, "=" + SUT, "url=a\nurl=" + SUT}) {
            Path bad = file(content, "rw-------");
            String e = assertThrows(IllegalArgumentException.class, () -> ParamsFile.read(bad)).getMessage();
            assertTrue(e.startsWith("--params-file " + bad + ":"), e);
            assertFalse(e.contains("S3cr3t"), e);
            Files.delete(bad);
        }
    }
}
