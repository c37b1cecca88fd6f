"""A review as people work through it: the services that change it (each with its audit event), its pages and
forms, who may do what, what blocks sign-off, its as-of date, its versions."""
