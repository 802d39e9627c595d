-- Passes in the booth package (docs/product.md#team-passes): each booth carries the exhibitor passes its
-- package includes, set by the organiser beside its price. An exhibitor's allowance is the organiser's
-- grant plus the passes of the booths it holds as sold (paid, or assigned by staff); a freed booth takes
-- its passes with it, and passes already named stay valid (the area asks to revoke down to the allowance).
alter table booths add column passes_included int not null default 0 check (passes_included between 0 and 50);
