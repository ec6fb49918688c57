-- docker-compose only: one database and one login per service, so no service can read another's tables
-- (ARCHITECTURE: "a service never reads another service's database"). Runs once, on an empty data volume.
-- The passwords are for a developer's machine; production uses managed PostgreSQL and Secrets (docs/deploy.md).
CREATE ROLE rm_auth LOGIN PASSWORD 'rm_auth';
CREATE ROLE rm_users LOGIN PASSWORD 'rm_users';
CREATE ROLE rm_courses LOGIN PASSWORD 'rm_courses';
CREATE ROLE rm_board LOGIN PASSWORD 'rm_board';
CREATE ROLE rm_tools LOGIN PASSWORD 'rm_tools';
CREATE ROLE rm_resources LOGIN PASSWORD 'rm_resources';
CREATE ROLE rm_billing LOGIN PASSWORD 'rm_billing';

CREATE DATABASE rm_auth OWNER rm_auth;
CREATE DATABASE rm_users OWNER rm_users;
CREATE DATABASE rm_courses OWNER rm_courses;
CREATE DATABASE rm_board OWNER rm_board;
CREATE DATABASE rm_tools OWNER rm_tools;
CREATE DATABASE rm_resources OWNER rm_resources;
CREATE DATABASE rm_billing OWNER rm_billing;

REVOKE CONNECT ON DATABASE rm_auth, rm_users, rm_courses, rm_board, rm_tools, rm_resources, rm_billing FROM PUBLIC;
GRANT CONNECT ON DATABASE rm_auth TO rm_auth;
GRANT CONNECT ON DATABASE rm_users TO rm_users;
GRANT CONNECT ON DATABASE rm_courses TO rm_courses;
GRANT CONNECT ON DATABASE rm_board TO rm_board;
GRANT CONNECT ON DATABASE rm_tools TO rm_tools;
GRANT CONNECT ON DATABASE rm_resources TO rm_resources;
GRANT CONNECT ON DATABASE rm_billing TO rm_billing;
