-- Issue 20 (bench:fleet): concurrent enquiries deadlocked in buyer_demand_apply. Its upsert writes six
-- rows (three dimensions, two grains) in the order a hash aggregate happens to produce, so two
-- transactions counting the same day could take the same rows' locks in opposite orders. Sorting by the
-- key makes every transaction lock them in one order: the second waits for the first, never the reverse.
CREATE OR REPLACE FUNCTION buyer_demand_apply(items buyer_demand_item[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO buyer_demand_counts AS c (dimension, grain, starts, source, state, buyer_type, value, count)
  SELECT d.dimension, g.grain, g.starts, i.source, i.state, i.buyer_type, d.value, sign * sum(i.n)
  FROM unnest(items) AS i
  CROSS JOIN LATERAL (VALUES
    ('SUBURB'::buyer_demand_dimension, nullif(i.suburb, '')),
    ('BEDROOMS'::buyer_demand_dimension, (CASE WHEN i.bedrooms >= 5 THEN 5 ELSE i.bedrooms END)::text),
    ('BUDGET_BAND'::buyer_demand_dimension, i.budget_band)
  ) AS d(dimension, value)
  CROSS JOIN LATERAL (VALUES
    ('DAY'::buyer_demand_grain, (i.at AT TIME ZONE 'Australia/Sydney')::date),
    ('MONTH'::buyer_demand_grain, date_trunc('month', i.at AT TIME ZONE 'Australia/Sydney')::date)
  ) AS g(grain, starts)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT buyer_demand_counts_key DO UPDATE SET count = c.count + excluded.count;
  IF sign < 0 THEN
    DELETE FROM buyer_demand_counts WHERE count <= 0;
  END IF;
END;
$$;
