package org.maestro.worker.bench;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.maestro.common.util.Clocks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The bare qpid-jms loop {@link GeneratorCostBench} sets beside a Maestro worker: the same JMS calls as the worker's
 * AMQP driver (one connection and session, AUTO_ACKNOWLEDGE, non-persistent, no message id or timestamp, an
 * asynchronous send with a completion listener and at most {@code inFlight} unacknowledged; a receive that copies
 * the body out) and nothing else: no stamp, no rate log, no HDR, no sequence accounting, no control plane.
 *
 * <p>A long-lived process, so that its rounds are measured warm, as a worker peer's tests are. Usage:
 * {@code BareJmsLoop send|receive AMQP_URL USER PASSWORD}; then one line per run on standard input,
 * {@code QUEUE COUNT SIZE IN_FLIGHT [fresh]} (fresh: on a connection of its own, opened for the run as a Maestro test
 * opens its own; else on the one connection kept across runs). The receiver answers {@code ready} once subscribed and
 * {@code received COUNT LAST_EPOCH_MICROS} at the end; the sender {@code sent COUNT FIRST_EPOCH_MICROS}.
 */
public final class BareJmsLoop {
    static final String READY = "ready";
    static final String SENT = "sent";
    static final String RECEIVED = "received";
    /** A run's fifth word: it opens a connection of its own and closes it at its end. */
    static final String FRESH = "fresh";

    private BareJmsLoop() {
    }

    public static void main(String[] args) throws Exception {
        boolean send = args[0].equals("send");
        JmsConnectionFactory factory = new JmsConnectionFactory(args[1]);
        Connection kept = factory.createConnection(args[2], args[3]);
        kept.start();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] run = line.trim().split(" ");
            long count = Long.parseLong(run[1]);
            // A run of its own connection, as a Maestro test opens its own (PREPARE), or on the one kept across runs.
            boolean fresh = run.length > 4 && run[4].equals(FRESH);
            Connection connection = fresh ? factory.createConnection(args[2], args[3]) : kept;
            try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
                connection.start();
                if (send) {
                    long first = send(session, run[0], count, Integer.parseInt(run[2]), Integer.parseInt(run[3]));
                    System.out.println(SENT + " " + count + " " + first);
                } else {
                    long last = receive(session, run[0], count);
                    System.out.println(RECEIVED + " " + count + " " + last);
                }
            } finally {
                if (fresh) {
                    connection.close();
                }
            }
        }
        kept.close();
    }

    /** Sends {@code count} messages flat out; returns the first send's time (epoch µs). */
    private static long send(Session session, String queue, long count, int size, int inFlight) throws Exception {
        MessageProducer producer = session.createProducer(session.createQueue(queue));
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        producer.setDisableMessageID(true);
        producer.setDisableMessageTimestamp(true);
        Semaphore window = new Semaphore(inFlight);
        AtomicReference<Exception> refused = new AtomicReference<>();
        CompletionListener done = new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                window.release();
            }

            @Override
            public void onException(Message message, Exception e) {
                refused.compareAndSet(null, e);
                window.release();
            }
        };
        byte[] body = new byte[size];
        long first = Clocks.epochMicros();
        for (long i = 0; i < count; i++) {
            window.acquire();
            BytesMessage m = session.createBytesMessage();
            m.writeBytes(body);
            producer.send(m, done);
        }
        if (!window.tryAcquire(inFlight, 60, TimeUnit.SECONDS) || refused.get() != null) {
            throw new IllegalStateException("the broker did not accept every message: " + refused.get());
        }
        producer.close();
        return first;
    }

    /** Subscribes, says {@value #READY}, receives {@code count} messages; returns the last one's time (epoch µs). */
    private static long receive(Session session, String queue, long count) throws Exception {
        MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
        System.out.println(READY);
        long last = 0;
        for (long got = 0; got < count; ) {
            Message m = consumer.receive(100);
            if (m != null) {
                BytesMessage bytes = (BytesMessage) m;
                byte[] body = new byte[(int) bytes.getBodyLength()];
                bytes.readBytes(body);
                got++;
                last = Clocks.epochMicros();
            }
        }
        consumer.close();
        return last;
    }
}
