package org.maestro.inspector;

import org.maestro.common.util.EnumLookup;

import org.maestro.inspector.amqp.AmqpManagementInspector;
import org.maestro.inspector.amqp.DataSetConfig;
import org.maestro.inspector.amqp.ManagementUrl;
import org.maestro.inspector.jolokia.JolokiaEndpoint;
import org.maestro.inspector.jolokia.JolokiaInspector;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The kinds of inspector, by the names used in {@code inspector.type}, START_INSPECTOR and {@code --type}. */
public enum InspectorKind {
    /** JMX over HTTP through a Jolokia agent, e.g. ActiveMQ Artemis' console: {@code jolokia}. */
    JOLOKIA,
    /** AMQP management ({@code $management}, QUERY), e.g. Qpid Dispatch Router or Qpid Broker-J: {@code amqp-management}. */
    AMQP_MANAGEMENT;

    /** The name in lower case with dashes, as {@link org.maestro.common.note.Role#wireName} spells a role. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws IllegalArgumentException naming the bad text and the known kinds */
    public static InspectorKind parse(String text) {
        InspectorKind k = EnumLookup.byWord(values(), InspectorKind::wireName, text);
        if (k != null) {
            return k;
        }
        throw new IllegalArgumentException("unknown inspector type '" + text + "': expected "
                + Arrays.stream(values()).map(InspectorKind::wireName).collect(Collectors.joining(" or ")));
    }

    /** Checks a management URL for this kind, throwing a clear error when it does not fit. */
    public void checkUrl(String url) {
        switch (this) {
            case JOLOKIA -> JolokiaEndpoint.parse(url);
            case AMQP_MANAGEMENT -> ManagementUrl.parse(url);
        }
    }

    /**
     * An inspector of this kind; nothing is connected yet.
     *
     * @param dataSets amqp-management only: a preset or data set list ("" for the default)
     * @param timeout  the longest one read may take
     */
    public Inspector create(String url, String dataSets, Duration timeout) {
        return switch (this) {
            case JOLOKIA -> new JolokiaInspector(JolokiaEndpoint.parse(url), timeout);
            case AMQP_MANAGEMENT -> new AmqpManagementInspector(ManagementUrl.parse(url), DataSetConfig.parse(dataSets), timeout);
        };
    }
}
