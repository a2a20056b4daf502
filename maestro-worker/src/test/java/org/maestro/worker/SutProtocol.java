package org.maestro.worker;

import org.maestro.client.artemis.StandaloneArtemis;

import java.util.function.BiFunction;

/** The protocols the workers speak to the test Artemis, for tests parameterised over them. */
enum SutProtocol {
    AMQP("amqp", StandaloneArtemis::amqpUrl),
    CORE("core", StandaloneArtemis::coreUrl),
    OPENWIRE("openwire", StandaloneArtemis::openWireUrl);

    final String scheme;
    private final BiFunction<StandaloneArtemis, String, String> url;

    SutProtocol(String scheme, BiFunction<StandaloneArtemis, String, String> url) {
        this.scheme = scheme;
        this.url = url;
    }

    /** The worker URL of {@code destination} (options after a '?' allowed) on {@code broker} in this protocol. */
    String url(StandaloneArtemis broker, String destination) {
        return url.apply(broker, destination);
    }
}
