package org.maestro.common.runfiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A sender's {@code delivery.json}, written when it ends: how the SUT disposed of what it sent. Counts cover the whole
 * test (warm-up included), like the sender's count of messages sent.
 *
 * @param mode         settled or presettled ({@link DeliveryMode})
 * @param acknowledged settled: messages the SUT accepted; presettled: null (nothing is acknowledged)
 * @param released     settled: deliveries the SUT gave back unrefused (AMQP released or modified, e.g. a router whose
 *                     next hop went away), each sent again with its own sequence number; presettled: null
 * @param unresent     of those, the ones still waiting to be sent again when the sender stopped (the receivers count
 *                     them lost); presettled: null
 * @param refused      messages the SUT refused (rejected), or that a connection lost while failing over
 */
public record DeliveryJson(DeliveryMode mode, Long acknowledged, Long released, Long unresent, long refused) {

    /** Writes {@code <dir>/delivery.json}. */
    public void write(Path dir) throws IOException {
        RunJson.write(dir.resolve(PeerFiles.DELIVERY_JSON), this);
    }

    /** Reads {@code <dir>/delivery.json}; empty when the directory has none (a receiver, a sender of an older Maestro). */
    public static Optional<DeliveryJson> read(Path dir) throws IOException {
        Path file = dir.resolve(PeerFiles.DELIVERY_JSON);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(RunJson.MAPPER.readValue(file.toFile(), DeliveryJson.class));
    }

    /**
     * "settled: 2000 acknowledged, 37 given back (released or modified) and sent again, 0 refused" or "presettled: sent,
     * not acknowledged ...", for people. A message given back several times counts each time.
     */
    public String describe() {
        if (mode == DeliveryMode.PRESETTLED) {
            return mode + ": sent, not acknowledged (the receivers' loss is the truth)"
                    + (refused > 0 ? "; " + refused + " refused" : "");
        }
        return mode + ": " + acknowledged + " acknowledged, " + released + " given back (released or modified) and sent again"
                + (unresent > 0 ? " (" + unresent + " not sent again before the end)" : "") + ", " + refused + " refused";
    }
}
