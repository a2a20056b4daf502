package org.maestro.client.local;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.topology.Topology;
import org.maestro.common.testing.Integration;
import org.maestro.inspector.DataSet;
import org.maestro.inspector.Sample;
import org.maestro.inspector.amqp.AmqpManagementInspector;
import org.maestro.inspector.amqp.DataSetConfig;
import org.maestro.inspector.amqp.LinkLabels;
import org.maestro.inspector.amqp.ManagementUrl;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code qpid-dispatch} preset against a real router (a line of two, {@link TestRouters}): every entity type is one
 * the router has and every attribute one its QUERY answers (GET-ATTRIBUTES is not enough: 1.19 lists
 * {@code blockedLinkCount} there and answers QUERY without it); the router's memory is bytes; links are named by their
 * far router, and the inspector's own management links are not among them.
 */
@Integration
class RouterPresetsTest {
    @TempDir
    Path dir;

    @Test
    void everyAttributeOfTheDispatchPresetIsOneTheRealRouterAnswers() throws Exception {
        RouterBinary binary = TestRouters.binary();
        try (LocalRouters routers = LocalRouters.start(Topology.line(2), binary, dir, Duration.ofSeconds(30));
             AmqpManagementInspector inspector = new AmqpManagementInspector(ManagementUrl.parse(routers.managementUrl("router-2")),
                     DataSetConfig.parse(DataSetConfig.QPID_DISPATCH), Duration.ofSeconds(5))) {
            assertEquals(Map.of(), inspector.unanswered(), "attributes of the preset the router does not answer");
            assertTrue(inspector.entityTypes().stream().allMatch(t -> t.startsWith(binary.kind().entityType(""))),
                    "the types as this router names them: " + inspector.entityTypes());
            Sample s = inspector.sample();
            assertEquals(Map.of(), s.failures());
            List<String> memory = s.rowsOf(DataSetConfig.MEMORY).get(0);
            assertEquals("router-2", memory.get(0));
            assertTrue(Long.parseLong(memory.get(1)) > 1 << 20, "the router process's memory in bytes: " + memory);

            DataSet links = inspector.dataSets().stream().filter(d -> d.name().equals(LinkLabels.LINKS)).findFirst().orElseThrow();
            int name = links.columns().indexOf(LinkLabels.LINK);
            List<String> names = s.rowsOf(LinkLabels.LINKS).stream().map(r -> r.get(name)).toList();
            assertTrue(names.contains("inter-router out to router-1") && names.contains("inter-router in from router-1"), names.toString());
            assertTrue(names.contains("router-control out to router-1"), names.toString());
            assertFalse(names.stream().anyMatch(n -> n.startsWith("$management") || n.startsWith("temp.")),
                    "the inspector's own management links are left out: " + names);
        }
    }
}
