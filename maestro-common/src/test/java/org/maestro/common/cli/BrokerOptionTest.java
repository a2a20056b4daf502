package org.maestro.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.mqtt.BrokerUrl;
import picocli.CommandLine;

/** The control broker's password from a file or the environment, filled into a URL that names only the user. */
class BrokerOptionTest {
    private static final String SECRET = "S3cr3t-Zebra-42";

    @TempDir
    Path dir;

    private static BrokerOption parse(String... args) {
        BrokerOption option = new BrokerOption();
        new CommandLine(option).parseArgs(args);
        return option;
    }

    private Path passwordFile(String mode) throws Exception {
        Path f = dir.resolve("broker-password");
        Files.writeString(f, SECRET + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void thePasswordComesFromTheFileOrTheEnvironment() throws Exception {
        BrokerUrl fromFile = parse("--broker", "mqtt://qe@broker.lab:1883", "--broker-password-file", passwordFile("rw-------").toString())
                .url(null);
        assertEquals("qe", fromFile.username());
        assertEquals(SECRET, fromFile.password());
        assertEquals("mqtt://qe@broker.lab:1883", fromFile.toString());
        BrokerUrl fromEnv = parse("--broker", "mqtt://qe@broker.lab:1883").url(SECRET);
        assertEquals(SECRET, fromEnv.password());
        assertEquals("", parse("--broker", "mqtt://broker.lab:1883").url("").password(), "an empty variable is no password");
        assertEquals("pw", parse("--broker", "mqtt://qe:pw@broker.lab:1883").url(null).password());
    }

    @Test
    void aFileOthersMayReadIsRefusedInOneLine() throws Exception {
        Path file = passwordFile("rw-r--r--");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse("--broker", "mqtt://qe@broker.lab:1883", "--broker-password-file", file.toString()).url(null));
        assertEquals("--broker-password-file " + file + " has mode 0644, readable by others: it must be readable by its owner"
                + " only (chmod 600 " + file + ")", e.getMessage());
    }

    @Test
    void aPasswordGivenTwiceOrWithoutAUserIsRefusedWithoutShowingIt() throws Exception {
        String file = passwordFile("rw-------").toString();
        String[] messages = {
                assertThrows(IllegalArgumentException.class, () -> parse("--broker", "mqtt://qe:" + SECRET + "@b:1883").url(SECRET)).getMessage(),
                assertThrows(IllegalArgumentException.class,
                        () -> parse("--broker", "mqtt://qe@b:1883", "--broker-password-file", file).url(SECRET)).getMessage(),
                assertThrows(IllegalArgumentException.class, () -> parse("--broker", "mqtt://b:1883").url(SECRET)).getMessage(),
        };
        assertTrue(messages[0].startsWith("the broker's password is given twice, in the URL mqtt://qe@b:1883 and by MAESTRO_BROKER_PASSWORD"),
                messages[0]);
        assertTrue(messages[1].contains("given twice, by MAESTRO_BROKER_PASSWORD and by --broker-password-file"), messages[1]);
        assertTrue(messages[2].contains("names no user: give it as mqtt://USER@host:port"), messages[2]);
        for (String m : messages) {
            assertFalse(m.contains(SECRET), m);
        }
    }
}
