package org.maestro.common.util;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A file error in words: the exception's own message is often the path again ("cannot read X: X"). */
class IoReasonTest {
    @Test
    void theReasonIsWordsNotThePath(@TempDir Path tmp) {
        Path missing = tmp.resolve("missing.groovy");
        IOException e = assertThrows(IOException.class, () -> Files.readString(missing));
        assertEquals(missing.toString(), e.getMessage(), "what it replaces");
        assertEquals("no such file", IoReason.of(e));
        IOException dir = assertThrows(IOException.class, () -> Files.readString(tmp));
        assertEquals("Is a directory", IoReason.of(dir));
        assertEquals("keystore password was incorrect", IoReason.of(new IOException("keystore password was incorrect")));
    }
}
