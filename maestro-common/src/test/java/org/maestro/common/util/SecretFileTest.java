package org.maestro.common.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretFileTest {
    private static final String SECRET = "S3cr3t-Zebra-42";

    @TempDir
    Path dir;

    private Path file(String content, String mode) throws Exception {
        Path f = dir.resolve("secret-" + mode);
        Files.writeString(f, content);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void theFirstLineOfAnOwnerOnlyFileIsTheSecret() throws Exception {
        assertEquals(SECRET, SecretFile.read(file(SECRET + "\nsecond line\n", "rw-------"), "--x"));
        assertEquals(SECRET, SecretFile.read(file(SECRET + "\r\n", "r--------"), "--x"));
        assertEquals(SECRET + " with spaces ", SecretFile.read(file(SECRET + " with spaces ", "rw-------"), "--x"));
    }

    @Test
    void aFileOthersMayReadIsRefusedWithItsPathAndModeNeverItsContent() throws Exception {
        for (String[] c : new String[][]{{"rw-r--r--", "0644"}, {"rw-r-----", "0640"}, {"rw----r--", "0604"}, {"rw--w----", "0620"}}) {
            Path f = file(SECRET, c[0]);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SecretFile.read(f, "--broker-password-file"));
            assertEquals("--broker-password-file " + f + " has mode " + c[1] + ", readable by others: it must be readable by its"
                    + " owner only (chmod 600 " + f + ")", e.getMessage());
        }
    }

    @Test
    void missingOrEmptyFilesAreRefusedClearly() throws Exception {
        Path missing = dir.resolve("nope");
        assertEquals("--x " + missing + ": no such file",
                assertThrows(IllegalArgumentException.class, () -> SecretFile.read(missing, "--x")).getMessage());
        Path empty = file("\nsecret on line two", "rw-------");
        String m = assertThrows(IllegalArgumentException.class, () -> SecretFile.read(empty, "--x")).getMessage();
        assertTrue(m.contains("first line is empty") && !m.contains("secret on"), m);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SecretFile.read(dir, "--x")).getMessage().contains("not a regular file"));
        assertFalse(m.contains("\n"));
    }
}
