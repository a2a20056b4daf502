package org.maestro.common.testing;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that starts something besides its own JVM's code: a JVM, a broker (Artemis, Mosquitto, RabbitMQ,
 * Kafka, Broker-J), a router, sshd, Ansible, helm, promtool, docker-compose or a browser. {@code bin/test --fast}
 * leaves these out ({@code -DexcludedGroups=integration}); {@code bin/test} runs them with the rest.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(Integration.TAG)
public @interface Integration {
    /** The JUnit tag, as surefire's {@code groups} and {@code excludedGroups} name it. */
    String TAG = "integration";
}
