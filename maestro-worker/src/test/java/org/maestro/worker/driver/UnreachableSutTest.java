package org.maestro.worker.driver;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.util.LoopbackPorts;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing listens where the URL points, and the URL asks for failover: every driver reports it at once instead of
 * retrying for ever (a START that never answers). The bound is a hang guard, not a performance figure.
 */
class UnreachableSutTest {

    @ParameterizedTest
    @ValueSource(strings = {"amqp", "core", "openwire"})
    void withFailoverAnUnreachableSutIsReportedNotRetriedForEver(String scheme) {
        int closed = LoopbackPorts.free();
        SutUrl url = SutUrl.parse(scheme + "://127.0.0.1:" + closed + "/q?failover=true");
        DriverException e = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(DriverException.class,
                () -> Protocols.driver(reason -> { }).openProducer(url, "unreachable").close()));
        assertTrue(e.getMessage().matches("cannot (connect to|open a session on) " + scheme + "://127\\.0\\.0\\.1:" + closed + "/q: .*"),
                e.getMessage());
        assertTrue(e.getMessage().contains("refused") || e.getMessage().contains("Cannot connect to server"), e.getMessage());
    }
}
