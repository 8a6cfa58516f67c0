/**
 * The gRPC library and the generated Pulumi stubs, loaded from the installed `@pulumi/pulumi` (this package's peer,
 * which depends on @grpc/grpc-js and google-protobuf): the plugin speaks the protocol of the SDK it runs with, and
 * needs no dependency of its own for it.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { createRequire } from "node:module";
import type * as Grpc from "@grpc/grpc-js";
import type * as StructPb from "google-protobuf/google/protobuf/struct_pb";
import type * as EmptyPb from "google-protobuf/google/protobuf/empty_pb";
import type * as AnyPb from "google-protobuf/google/protobuf/any_pb";
import type * as ProviderGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as ProviderPb from "@pulumi/pulumi/proto/provider_pb";
import type * as PluginPb from "@pulumi/pulumi/proto/plugin_pb";
import type * as StatusPb from "@pulumi/pulumi/proto/status_pb";

const fromSdk = createRequire(require.resolve("@pulumi/pulumi/package.json"));

export const grpc = fromSdk("@grpc/grpc-js") as typeof Grpc;
export const structPb = fromSdk("google-protobuf/google/protobuf/struct_pb") as typeof StructPb;
export const emptyPb = fromSdk("google-protobuf/google/protobuf/empty_pb") as typeof EmptyPb;
export const anyPb = fromSdk("google-protobuf/google/protobuf/any_pb") as typeof AnyPb;
export const providerGrpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as typeof ProviderGrpc;
export const providerPb = require("@pulumi/pulumi/proto/provider_pb") as typeof ProviderPb;
export const pluginPb = require("@pulumi/pulumi/proto/plugin_pb") as typeof PluginPb;
export const statusPb = require("@pulumi/pulumi/proto/status_pb") as typeof StatusPb;

export type { Grpc, ProviderPb, StructPb };
