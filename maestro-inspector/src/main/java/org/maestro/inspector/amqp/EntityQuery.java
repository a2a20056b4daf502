package org.maestro.inspector.amqp;

import org.maestro.inspector.DataSet;

import java.util.List;

/**
 * One data set read over AMQP management: a QUERY of every entity of {@code entityType}, asking for
 * {@code attributeNames}, which are also the CSV's columns (in this order, whatever order the server answers in).
 */
public record EntityQuery(String name, String entityType, List<String> attributeNames) {
    public EntityQuery {
        attributeNames = List.copyOf(attributeNames);
        dataSet(name, entityType, attributeNames); // checks the name and the attributes
    }

    public DataSet dataSet() {
        return dataSet(name, entityType, attributeNames);
    }

    private static DataSet dataSet(String name, String entityType, List<String> attributeNames) {
        return new DataSet(name, entityType, attributeNames);
    }
}
