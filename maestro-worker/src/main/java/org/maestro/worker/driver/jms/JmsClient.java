package org.maestro.worker.driver.jms;

import jakarta.jms.CompletionListener;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What differs between the JMS clients {@link JmsDriver} drives: which URL options they take, how a
 * SUT URL becomes their connection factory, and how a send reports its completion. Everything else
 * (sessions, destinations, receiving, failures) is the same JMS code for all of them.
 */
public abstract class JmsClient {

    /** The client library and its version, for system.json (e.g. {@code qpid-jms 2.10.0}). */
    public abstract String description();

    /**
     * Null when the client takes the URL option {@code key} (one that is not Maestro's own), else why
     * not: the options this client does take, for the one-line refusal at SET.
     */
    public abstract String refusal(String key);

    /** The client's own URL for this SUT URL: address and options passed on, without credentials. */
    abstract String connectionUri(SutUrl url);

    /** The client's connection factory for {@link #connectionUri} (credentials are given at connect time). */
    abstract ConnectionFactory connectionFactory(String connectionUri) throws JMSException;

    /**
     * Whether the connection's exception listener hearing {@code e} means the connection is lost. Some clients also
     * tell it of a failure they recovered from.
     */
    boolean lost(JMSException e) {
        return true;
    }

    /** Sends without waiting for the broker; {@code done} is called once the broker accepted or refused it. */
    void send(MessageProducer producer, Message message, LoadDriver.Completion done) throws JMSException {
        producer.send(message, new CompletionListener() {
            @Override
            public void onCompletion(Message m) {
                done.completed(null);
            }

            @Override
            public void onException(Message m, Exception e) {
                done.completed(e);
            }
        });
    }

    /** For clients that check option names themselves: null when {@code key} has one of the prefixes, else {@code help}. */
    static String unlessPrefixed(String key, List<String> prefixes, String help) {
        return prefixes.stream().anyMatch(key::startsWith) ? null : help;
    }

    /** The client options whose key starts with {@code prefix}, the prefix cut off when {@code strip}. */
    static Map<String, String> withPrefix(SutUrl url, String prefix, boolean strip) {
        return url.clientOptions().entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .collect(Collectors.toMap(e -> strip ? e.getKey().substring(prefix.length()) : e.getKey(), Map.Entry::getValue));
    }

    /** {@code ?a=1&b=2} in key order, "" for none. */
    static String query(Map<String, String> options) {
        return options.isEmpty() ? "" : "?" + options.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("&"));
    }
}
