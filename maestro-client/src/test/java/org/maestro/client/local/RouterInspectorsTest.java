package org.maestro.client.local;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.topology.Topology;
import org.maestro.common.note.TestOptions;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Inspectors named by router: each becomes a peer of its own on that router's management URL, in assignment order. */
class RouterInspectorsTest {
    private static final Topology LINE = Topology.line(3);

    @Test
    void allGivesOnePeerPerRouterNamedAfterItAndAUrlInspectorKeepsItsName() {
        List<RouterInspectors.Named> named = RouterInspectors.expand(List.of(spec("amqp://lab:5672"), spec(RouterInspectors.placeholder("all"))),
                LINE, r -> "amqp://127.0.0.1:" + r.substring(r.length() - 1));
        assertEquals(List.of("inspector-1", "inspector-router-1", "inspector-router-2", "inspector-router-3"),
                named.stream().map(RouterInspectors.Named::peer).toList());
        RouterInspectors.Named second = named.get(2);
        assertEquals("amqp://127.0.0.1:2", second.spec().url());
        assertEquals("amqp://127.0.0.1:2", second.spec().options().get(TestOptions.MANAGEMENT_URL));
        assertEquals("qpid-dispatch", second.spec().options().get(TestOptions.INSPECTOR_DATASETS), "the script's settings kept");
        assertEquals("amqp://lab:5672", named.get(0).spec().url());
    }

    @Test
    void anUnknownRouterOrOneInspectedTwiceIsRefusedInOneLine() {
        assertEquals("inspector router: 'router-4': line 3 has no such router (did you mean 'router-1'?) (or give 'all')",
                assertThrows(IllegalArgumentException.class, () -> RouterInspectors.expand(
                        List.of(spec(RouterInspectors.placeholder("router-4"))), LINE, r -> r)).getMessage());
        assertEquals("inspector router: 'all': router-2 is inspected twice", assertThrows(IllegalArgumentException.class,
                () -> RouterInspectors.expand(List.of(spec(RouterInspectors.placeholder("router-2")),
                        spec(RouterInspectors.placeholder("all"))), LINE, r -> r)).getMessage());
        assertEquals("inspector router: 'router-2': no topology of routers is started", assertThrows(IllegalArgumentException.class,
                () -> RouterInspectors.expand(List.of(spec(RouterInspectors.placeholder("router-2"))), null, r -> r)).getMessage());
    }

    private static TestPlan.InspectorSpec spec(String url) {
        return new TestPlan.InspectorSpec("amqp-management", url, Map.of(TestOptions.MANAGEMENT_URL, url,
                TestOptions.INSPECTOR_DATASETS, "qpid-dispatch"));
    }
}
