package org.maestro.agent.source;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A refused handler source says why without repeating the password it carries. */
class SourceUrlSecretsTest {

    /** {URL, what the message must name}. */
    private static final String[][] BAD = {
            {"https://qe:S3cr3t-Zebra-42@git.lab/h.git?ref=x", "has a query or fragment"},
            {"https://qe:S3cr3t@Zebra-42@git.lab/h.git?ref=x", "source 'https://qe:***@git.lab"},
            {"https://qe:S3cr3t Zebra-42@git.lab/h.git", "is not a URL: Illegal character"},
            {"ssh://qe:S3cr3t-Zebra-42@git.lab/h.git", "only file://, http:// and https://"},
            {"https://qe:S3cr3t-Zebra-42@git.lab/a/../h.git", "'..' path segment"},
            {"file://qe:S3cr3t-Zebra-42@otherhost/srv/h.git", "a file:// URL must be local"},
            {"https://git.lab/h.git?token=S3cr3t-Zebra-42", "has a query or fragment"},
    };

    @Test
    void noMessageRepeatsThePassword() {
        for (String[] bad : BAD) {
            String message = assertThrows(IllegalArgumentException.class, () -> SourceUrl.parse(bad[0]), bad[0]).getMessage();
            assertFalse(message.contains("S3cr3t") || message.contains("Zebra"), message);
            assertTrue(message.contains(bad[1]), bad[1] + " in: " + message);
        }
    }

    @Test
    void anAcceptedUrlIsShownWithoutItsPassword() {
        SourceUrl url = SourceUrl.parse("https://qe:S3cr3t-Zebra-42@git.lab/h.git");
        assertEquals("https://qe:***@git.lab/h.git", url.toString());
        assertEquals("https://git.lab/h.git", url.canonical());
    }
}
