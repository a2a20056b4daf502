package org.maestro.worker.driver;

import org.maestro.worker.driver.jms.JmsDriver;
import org.maestro.worker.driver.kafka.KafkaDriver;
import org.maestro.worker.driver.kafka.KafkaSettings;

/** The driver that speaks a SUT URL's scheme: Kafka's client for kafka://, Qpid JMS (AMQP 1.0) for the others. */
public final class DriverByScheme implements LoadDriver {
    private final LoadDriver amqp;
    private final LoadDriver kafka = new KafkaDriver();

    /** @param failures told when a connection breaks between operations */
    public DriverByScheme(FailureListener failures) {
        this.amqp = new JmsDriver(failures);
    }

    private LoadDriver of(SutUrl url) {
        return url.scheme().equals(KafkaSettings.SCHEME) ? kafka : amqp;
    }

    @Override
    public Producer openProducer(SutUrl url, String clientName) throws DriverException {
        return of(url).openProducer(url, clientName);
    }

    @Override
    public Consumer openConsumer(SutUrl url, String clientName) throws DriverException {
        return of(url).openConsumer(url, clientName);
    }
}
