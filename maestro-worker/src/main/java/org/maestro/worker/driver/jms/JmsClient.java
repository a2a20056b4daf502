package org.maestro.worker.driver.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import org.maestro.common.util.SystemInfo;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
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

    /**
     * The options the worker gives this client when {@code url} does not set them (its own value always wins): what
     * the connection is opened with beside the URL's, shown in system.json ({@code driverDefaults}). None by default.
     */
    public Map<String, String> defaults(SutUrl url) {
        return Map.of();
    }

    /**
     * The options that keep a consumer of {@code url} from fetching more than {@code messages} ahead of what it has
     * received, where the client would fetch more and the URL sets no bound of its own; none for a client whose window
     * is counted in bytes already (Artemis core's {@code consumerWindowSize}, 1 MiB by default).
     */
    public Map<String, String> receiveAhead(SutUrl url, int messages) {
        return Map.of();
    }

    /**
     * {@link #receiveAhead} for a client whose prefetch is counted in messages, {@code clientDefault} of them unless the
     * URL sets one ({@value #PREFETCH}*): the prefetch of all kinds of destination lowered to {@code messages}.
     */
    static Map<String, String> prefetch(SutUrl url, int messages, int clientDefault) {
        boolean own = url.clientOptions().keySet().stream().anyMatch(k -> k.startsWith(PREFETCH));
        return own || messages >= clientDefault ? Map.of() : Map.of(PREFETCH + "all", Integer.toString(messages));
    }

    /** The prefix of qpid-jms's and the ActiveMQ client's prefetch options ({@code all}, {@code queuePrefetch}...). */
    static final String PREFETCH = "jms.prefetchPolicy.";

    /** Whether it can send presettled (fire-and-forget, {@code delivery=presettled}): AMQP's only. */
    public boolean presettles() {
        return false;
    }

    /**
     * How the SUT gave a message back without refusing it ("released", "modified"), when {@code e} says so; null for
     * a refusal or a failure. Only AMQP has such outcomes.
     */
    String givenBack(Exception e) {
        return null;
    }

    /**
     * Sends without waiting for the broker; {@code done} is called once the broker accepted or refused it, or gave it
     * back ({@link LoadDriver.Completion#givenBack}, with the body read back from the message: it may be sent again).
     */
    void send(MessageProducer producer, Message message, LoadDriver.Completion done) throws JMSException {
        producer.send(message, new CompletionListener() {
            @Override
            public void onCompletion(Message m) {
                done.completed(null);
            }

            @Override
            public void onException(Message m, Exception e) {
                String outcome = givenBack(e);
                byte[] body = outcome == null ? null : bodyOf(m);
                if (body == null) {
                    done.completed(e);
                } else {
                    done.givenBack(body, outcome);
                }
            }
        });
    }

    /** The body of a message that was sent, read back; null when it cannot be (then it is not sent again). */
    private static byte[] bodyOf(Message m) {
        try {
            if (m instanceof BytesMessage bytes) {
                bytes.reset();
                byte[] body = new byte[(int) bytes.getBodyLength()];
                bytes.readBytes(body);
                return body;
            }
        } catch (JMSException e) {
            // not readable: the give-back counts as a failed send
        }
        return null;
    }

    /**
     * A client that checks the option names behind its prefixes itself (it refuses an unknown one when it connects)
     * and makes its connection factory from its own URI: what qpid-jms and the ActiveMQ client share.
     */
    abstract static class PrefixedOptions extends JmsClient {
        private final String library;
        private final Class<? extends ConnectionFactory> factoryClass;
        private final Function<String, ConnectionFactory> factory;
        private final String optionsName;
        private final List<String> prefixes;

        /**
         * @param library     the client library's name; its version is {@code factoryClass}'s
         * @param optionsName how the refusal names its options, e.g. "OpenWire"
         * @param prefixes    the prefixes of the options passed on to the client, e.g. "jms."
         */
        PrefixedOptions(String library, Class<? extends ConnectionFactory> factoryClass, Function<String, ConnectionFactory> factory,
                        String optionsName, String... prefixes) {
            this.library = library;
            this.factoryClass = factoryClass;
            this.factory = factory;
            this.optionsName = optionsName;
            this.prefixes = List.of(prefixes);
        }

        @Override
        public String description() {
            return library + " " + SystemInfo.version(factoryClass);
        }

        @Override
        public String refusal(String key) {
            if (prefixes.stream().anyMatch(key::startsWith)) {
                return null;
            }
            return optionsName + " options start with " + String.join(", ", prefixes.subList(0, prefixes.size() - 1)) + " or "
                    + prefixes.get(prefixes.size() - 1);
        }

        @Override
        ConnectionFactory connectionFactory(String connectionUri) {
            return factory.apply(connectionUri);
        }
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
