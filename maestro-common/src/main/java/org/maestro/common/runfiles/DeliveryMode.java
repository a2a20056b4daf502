package org.maestro.common.runfiles;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import org.maestro.common.util.EnumLookup;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How a sender hands a message to the SUT: the SUT URL's {@code delivery} option (a {@code kafka://} URL's {@code acks}). What a sender's counts mean
 * depends on it, so it is shown beside them (summary.json, the report, the console).
 */
public enum DeliveryMode {
    /**
     * Each message waits for the SUT's disposition (AMQP: unsettled until accepted): "acknowledged" is what the SUT
     * took, a released or modified message is sent again, a rejected one is an error. The default.
     */
    SETTLED("settled", "each message acknowledged by the SUT"),
    /**
     * Fire and forget (AMQP: settled before it is sent; Kafka: {@code acks=0}): the SUT says nothing back, so the sender knows only what it
     * sent; what arrived is the receivers' count, and what the SUT dropped is their loss.
     */
    PRESETTLED("presettled", "fire-and-forget: sent, not acknowledged; the receivers' loss is the truth");

    /** The SUT URL option that names it: {@code ?delivery=presettled}. */
    public static final String URL_OPTION = "delivery";

    private final String word;
    private final String meaning;

    DeliveryMode(String word, String meaning) {
        this.word = word;
        this.meaning = meaning;
    }

    @JsonValue
    public String word() {
        return word;
    }

    /** What the mode means for a sender's counts, for people. */
    public String meaning() {
        return meaning;
    }

    /** @throws IllegalArgumentException naming the bad text and the modes */
    @JsonCreator
    public static DeliveryMode parse(String text) {
        DeliveryMode m = EnumLookup.byWord(values(), DeliveryMode::word, text);
        if (m != null) {
            return m;
        }
        throw new IllegalArgumentException(URL_OPTION + " must be " + Arrays.stream(values()).map(DeliveryMode::word)
                .collect(Collectors.joining(" or ")) + ", not '" + text + "'");
    }

    @Override
    public String toString() {
        return word;
    }
}
