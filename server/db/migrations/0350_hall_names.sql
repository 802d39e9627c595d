-- A hall's name in the site's languages (docs/product.md#floor-plans): the hall's label stays its
-- English name (as the venue's signs write it: required, unique in the exhibition), so every existing
-- name is kept as English; the other languages are here, each falling back as content does
-- (docs/product.md#content-fallback) and ending at the label.
create table floor_plan_hall_names (
  hall_id bigint not null references floor_plan_halls (id) on delete cascade,
  locale text not null check (locale in ('es', 'fil', 'id', 'ja', 'pt', 'ru', 'th', 'vi', 'zh-cn', 'zh-hk', 'zh-tw')),
  name text not null check (char_length(name) between 1 and 60),
  primary key (hall_id, locale)
);
