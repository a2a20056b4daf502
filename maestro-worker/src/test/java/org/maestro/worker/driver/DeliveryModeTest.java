package org.maestro.worker.driver;

import jakarta.jms.JMSException;
import org.apache.qpid.jms.provider.exceptions.ProviderDeliveryModifiedException;
import org.apache.qpid.jms.provider.exceptions.ProviderDeliveryReleasedException;
import org.apache.qpid.proton.amqp.messaging.Modified;
import org.junit.jupiter.api.Test;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.worker.driver.jms.JmsDriverAccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SUT URL's {@code delivery} option (settled by default; presettled is AMQP's, and qpid-jms's own presettle options
 * need it said), and which failed sends the AMQP client reads as given back, to be sent again, rather than refused.
 */
class DeliveryModeTest {

    @Test
    void settledByDefaultAndPresettledSaysSoToQpidJms() {
        SutUrl settled = SutUrl.parse("amqp://h/q");
        assertEquals(DeliveryMode.SETTLED, settled.delivery());
        assertFalse(JmsDriverAccess.uri(settled).contains("presettle"), JmsDriverAccess.uri(settled));
        SutUrl presettled = SutUrl.parse("amqp://h/q?delivery=presettled");
        assertTrue(presettled.presettled());
        assertEquals("amqp://h:5672?amqp.maxFrameSize=65536&jms.presettlePolicy.presettleProducers=true", JmsDriverAccess.uri(presettled));
        assertEquals("failover:(amqp://h:5672?amqp.maxFrameSize=65536)?failover.maxReconnectDelay=1000&failover.startupMaxReconnectAttempts=1"
                        + "&jms.presettlePolicy.presettleProducers=true",
                JmsDriverAccess.uri(SutUrl.parse("amqp://h/q?delivery=presettled&failover=true")));
        assertEquals(DeliveryMode.SETTLED, SutUrl.parse("core://h/q?delivery=settled").delivery());
    }

    @Test
    void whatCannotBeHonouredOrWouldHideTheModeIsRefused() {
        assertEquals("bad SUT URL 'amqp://h:5672/q?delivery=fast': delivery must be settled or presettled, not 'fast'",
                assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("amqp://h:5672/q?delivery=fast")).getMessage());
        assertEquals("bad SUT URL 'core://h/q?delivery=presettled': delivery=presettled is AMQP's (amqp://, amqps://); a core://"
                        + " client waits for the broker",
                assertThrows(IllegalArgumentException.class, () -> SutUrl.parse("core://h/q?delivery=presettled")).getMessage());
        assertEquals("bad SUT URL 'amqp://h/q?jms.presettlePolicy.presettleAll=true': jms.presettlePolicy.presettleAll=true"
                        + " presettles the sends; say delivery=presettled instead, so that the figures say the sends were not acknowledged",
                assertThrows(IllegalArgumentException.class,
                        () -> SutUrl.parse("amqp://h/q?jms.presettlePolicy.presettleAll=true")).getMessage());
        assertTrue(SutUrl.parse("amqp://h/q?jms.presettlePolicy.presettleProducers=true&delivery=presettled").presettled());
    }

    /** qpid-jms hands a send's outcome to its completion listener as the cause of a JMSException. */
    @Test
    void releasedAndModifiedAreGivenBackARejectionIsNot() {
        SutUrl amqp = SutUrl.parse("amqp://h/q");
        assertEquals("released", JmsDriverAccess.givenBack(amqp, jms(new ProviderDeliveryReleasedException("Delivery failed: released by remote"))));
        assertEquals("modified", JmsDriverAccess.givenBack(amqp, jms(new ProviderDeliveryModifiedException("Delivery failed: failure at remote",
                new Modified()))));
        assertNull(JmsDriverAccess.givenBack(amqp, new JMSException("rejected: amqp:unauthorized-access")));
        assertNull(JmsDriverAccess.givenBack(SutUrl.parse("core://h/q"), jms(new ProviderDeliveryReleasedException("x"))), "only AMQP has such outcomes");
    }

    private static JMSException jms(Exception cause) {
        JMSException e = new JMSException(cause.getMessage());
        e.initCause(cause);
        e.setLinkedException(cause);
        return e;
    }
}
